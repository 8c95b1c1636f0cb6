/// A mapper taking part in a campaign: its factory and how it is compared.
package struct MapperSpec: Sendable {
    /// Makes the mapper for each schema.
    package var factory: any MapperFactory
    /// How its outcomes are compared.
    package var style: MapperStyle
    /// The implementation it belongs to: mappers of one family share code, so they depart from
    /// the others as one (`CauseResolver`). The hand mapper's two styles are the family `hand`;
    /// by default a mapper is a family of its own, under its name.
    package var family: String

    /// Creates a spec; `family` nil makes the mapper a family of its own.
    package init(factory: any MapperFactory, style: MapperStyle, family: String? = nil) {
        self.factory = factory
        self.style = style
        self.family = family ?? factory.name
    }

    /// The mapper's name.
    package var name: String { factory.name }

    /// The mappers a run takes when none are named: `codable` (the reference), `strict` and
    /// `lenient` (the hand mapper's two styles).
    package static let builtIn: [MapperSpec] = [
        MapperSpec(factory: CodableMapperFactory(), style: .strict),
        MapperSpec(factory: StrictHandMapperFactory(), style: .strict, family: "hand"),
        MapperSpec(factory: LenientHandMapperFactory(), style: .lenient, family: "hand"),
    ]

    /// The reflective mapper family (seed 002, Salada's): `reflective`, taken only when named.
    package static let reflective = MapperSpec(factory: ReflectiveMapperFactory(), style: .lenientDecode)

    /// Every mapper `--mappers` can name: the built-in ones, then `reflective`.
    package static var selectable: [MapperSpec] { builtIn + [reflective] }

    /// The selectable mappers with the given names, in the order given.
    package static func named(_ names: [String]) throws(MapperSelectionError) -> [MapperSpec] {
        try names.map { (name: String) throws(MapperSelectionError) -> MapperSpec in
            guard let spec = selectable.first(where: { $0.name == name }) else {
                throw MapperSelectionError(name: name, known: selectable.map(\.name))
            }
            return spec
        }
    }
}

/// A mapper name that no mapper has.
package struct MapperSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The unknown name.
    package let name: String
    /// The names there are.
    package let known: [String]
    package var description: String { "unknown mapper \"\(name)\" (known: \(known.joined(separator: ", ")))" }
}
