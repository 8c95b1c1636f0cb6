/// A mapper taking part in a campaign: its factory and how it is compared.
public struct MapperSpec: Sendable {
    /// Makes the mapper for each schema.
    public var factory: any MapperFactory
    /// How its outcomes are compared.
    public var style: MapperStyle

    /// Creates a spec.
    public init(factory: any MapperFactory, style: MapperStyle) {
        self.factory = factory
        self.style = style
    }

    /// The mapper's name.
    public var name: String { factory.name }

    /// The built-in mappers, by the names `--mappers` takes: `codable` (the reference),
    /// `strict` and `lenient` (the hand mapper's two styles).
    public static let builtIn: [MapperSpec] = [
        MapperSpec(factory: CodableMapperFactory(), style: .strict),
        MapperSpec(factory: StrictHandMapperFactory(), style: .strict),
        MapperSpec(factory: LenientHandMapperFactory(), style: .lenient),
    ]

    /// The built-in mappers with the given names, in the order given.
    public static func named(_ names: [String]) throws(MapperSelectionError) -> [MapperSpec] {
        try names.map { (name: String) throws(MapperSelectionError) -> MapperSpec in
            guard let spec = builtIn.first(where: { $0.name == name }) else {
                throw MapperSelectionError(name: name, known: builtIn.map(\.name))
            }
            return spec
        }
    }
}

/// A mapper name that no mapper has.
public struct MapperSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The unknown name.
    public let name: String
    /// The names there are.
    public let known: [String]
    public var description: String { "unknown mapper \"\(name)\" (known: \(known.joined(separator: ", ")))" }
}
