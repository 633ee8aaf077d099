// Entry point: parse, run, and map failures to the documented exit codes
// (0 success, 1 errors in the input or nothing matched, 2 usage errors, or the machine ran out of
// file descriptors or memory: see EnvironmentFailures).
import AdaptiveAssets

EnvironmentFailures.stopOnFirst()
// Started through a link named `actool`, adapt is `adapt compile` (once that subcommand exists).
let subcommands = AdaptCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
AdaptCommand.runAndExit(
    arguments: ActoolLink.arguments(
        program: CommandLine.arguments.first ?? "", arguments: Array(CommandLine.arguments.dropFirst()), subcommands: subcommands))
