import AdaptiveAssets
import ArgumentParser

/// `--deployment-target ios=15.0,watchos=8.0`: the lowest OS versions the app supports, for the
/// commands that validate (`validate`, `report`). Devices whose newest OS is older are not asked;
/// each platform named here replaces the one `deployment_target:` in `.adapt.yml` gives.
struct DeploymentTargetOption: ParsableArguments {
    @Option(
        name: .customLong("deployment-target"),
        help: ArgumentHelp(
            "The lowest OS versions the app supports: devices whose newest OS is older are not asked "
                + "(default: deployment_target: in .adapt.yml, else every device).",
            valueName: "platform=version,..."),
        transform: { text in
            do throws(DeploymentTarget.Failure) { return try DeploymentTarget(parsing: text) } catch { throw ValidationError(error.description) }
        })
    var deploymentTarget: DeploymentTarget?
}
