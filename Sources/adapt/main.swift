// Entry point: parse, run, and map failures to the documented exit codes
// (0 success, 1 errors in the input or nothing matched, 2 usage errors, or the machine ran out of
// file descriptors or memory: see EnvironmentFailures).
EnvironmentFailures.stopOnFirst()
AdaptCommand.runAndExit()
