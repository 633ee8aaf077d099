// Its catalog has a duplicate entry, which .adapt.yml raises to an error: the build must fail.
public let dot = Asset.dot
