#ifndef C_LIBFUZZER_H
#define C_LIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's own driver (compiler-rt, FuzzerDriver.cpp), for programs that keep their `main`:
/// SwiftPM names an executable's entry point itself, so the targets call this from main.swift.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
