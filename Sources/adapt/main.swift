// Entry point: parse, run, and map failures to the documented exit codes
// (0 success, 1 errors in the input or nothing matched, 2 usage errors).
AdaptCommand.runAndExit()
