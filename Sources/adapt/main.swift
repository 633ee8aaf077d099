// Entry point: parse, run, and map failures to the documented exit codes
// (0 success, 1 errors in the input or nothing matched, 2 usage errors, or the machine ran out of
// file descriptors or memory: see EnvironmentFailures).
import AdaptiveAssets

let program = CommandLine.arguments.first ?? ""
let given = Array(CommandLine.arguments.dropFirst())
// A diff's two files are read from here on, while Dispatch starts, the subcommands'
// configurations are made and the arguments parsed (a link named `actool` is always `compile`).
EnvironmentFailures.stopOnFirst(whileStarting: ActoolLink.isLink(program) ? nil : DiffCommand.readAhead(given))
// Started through a link named `actool`, adapt is `adapt compile` (once that subcommand exists).
let subcommands = AdaptCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
AdaptCommand.runAndExit(arguments: ActoolLink.arguments(program: program, arguments: given, subcommands: subcommands))
