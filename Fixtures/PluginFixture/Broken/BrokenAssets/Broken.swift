public let brokenTargetBuilt = true
