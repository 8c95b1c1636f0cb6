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

    /// The mappers a run takes when none are named: `codable` (the reference), `strict` and
    /// `lenient` (the hand mapper's two styles).
    public static let builtIn: [MapperSpec] = [
        MapperSpec(factory: CodableMapperFactory(), style: .strict),
        MapperSpec(factory: StrictHandMapperFactory(), style: .strict),
        MapperSpec(factory: LenientHandMapperFactory(), style: .lenient),
    ]

    /// The reflective mapper family (seed 002, Salada's): `reflective`, taken only when named.
    public static let reflective = MapperSpec(factory: ReflectiveMapperFactory(), style: .lenientDecode)

    /// Every mapper `--mappers` can name: the built-in ones, then `reflective`.
    public static var selectable: [MapperSpec] { builtIn + [reflective] }

    /// The selectable mappers with the given names, in the order given.
    public static func named(_ names: [String]) throws(MapperSelectionError) -> [MapperSpec] {
        try names.map { (name: String) throws(MapperSelectionError) -> MapperSpec in
            guard let spec = selectable.first(where: { $0.name == name }) else {
                throw MapperSelectionError(name: name, known: selectable.map(\.name))
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
