#ifndef ADAPTIVE_ASSETS_CMEMORY_HINTS_H
#define ADAPTIVE_ASSETS_CMEMORY_HINTS_H

/// Asks the CPU to start loading the cache line holding `address`, for reading soon. A hint: it
/// reads nothing the program sees and never faults, whatever the address. Swift has no spelling
/// for it, so the compiler's builtin is called from here (inlined into the Swift caller).
static inline void adapt_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
