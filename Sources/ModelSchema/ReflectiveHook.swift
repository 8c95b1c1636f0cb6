/// A per-key hook of the reflective mapper family (seed 002, Salada's `encode(_:value:)` and
/// `decode(_:value:)` overrides), named in a schema on the field it maps (`"hook": …`). A
/// hook takes precedence over the family's table of property kinds: what it returns is
/// written, and a value it reads is the property's. The hooks are the seed `User`'s two, as
/// the seed writes them, for any field of the type each is written for.
public enum ReflectiveHook: String, Hashable, Sendable, CaseIterable {
    /// The seed's `location` hook: a struct of `latitude: Double` and `longitude: Double` (a
    /// `CLLocation` in the seed) written as the map `{"latitude": …, "longitude": …}`, read
    /// from `value as? [String: Double]` with both keys force-unwrapped.
    case coordinates
    /// The seed's `type` hook: an enum with `Int` raw values written as its raw value, read
    /// from `value as? Int` through a force-unwrapped `init(rawValue:)`.
    case rawValue

    /// What is wrong with this hook on a field of `type` in `schema`, or nil when the hook
    /// fits the type (optional or not).
    package func problem(with type: FieldType, in schema: ModelSchema) -> String? {
        switch (self, type.unwrapped) {
        case (.coordinates, .structure(let name)):
            let fields = schema.structSchema(named: name)?.fields.map { "\($0.codingKey ?? "-") \($0.type)" }.sorted()
            return fields == ["latitude Double", "longitude Double"]
                ? nil : "the coordinates hook needs a struct of exactly latitude: Double and longitude: Double, found \(name)"
        case (.rawValue, .enumeration(let name)):
            return schema.enumSchema(named: name)?.rawType == .int ? nil : "the rawValue hook needs an enum with Int raw values, found \(name)"
        default:
            return "the \(rawValue) hook cannot map \(type)"
        }
    }
}
