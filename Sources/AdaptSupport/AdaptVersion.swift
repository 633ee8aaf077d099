/// The package's version, as `adapt --version`, SARIF's `tool.driver.version` and the compiled
/// catalogs `adapt compile` writes show it.
package enum AdaptVersion {
    package static let current = "0.9.0"
}
