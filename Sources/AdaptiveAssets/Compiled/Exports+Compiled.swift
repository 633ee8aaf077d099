// The compiled-catalog reader is part of the library product, like the modules `Exports.swift` lists.
@_exported import CompiledCatalog
