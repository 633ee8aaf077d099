// Declarations only (include/CLibFuzzer.h); the driver itself comes from -sanitize=fuzzer.
#include "CLibFuzzer.h"
