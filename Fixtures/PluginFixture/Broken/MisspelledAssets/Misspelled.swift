// "strar" is not an asset: the generated accessors make this a compile error.
public let misspelled = Asset.strar
