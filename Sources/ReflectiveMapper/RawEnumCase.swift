import ModelSchema

/// A case of a schema enum with `Int` raw values, as a Swift `enum UserType: Int` case: what
/// seed 002's `type` hook writes (`rawValue`) and makes (`init?(rawValue:)`).
struct RawEnumCase {
    /// The case's Swift name.
    let name: String
    /// The case's raw value.
    let rawValue: Int

    /// The case of `enumSchema` named `name`; nil when it has none, or no `Int` raw value.
    init?(named name: String, of enumSchema: EnumSchema) {
        guard let enumCase = enumSchema.enumCase(named: name), case .int(let raw)? = enumSchema.rawValue(of: enumCase),
              let rawValue = Int(exactly: raw) else { return nil }
        self.name = name
        self.rawValue = rawValue
    }

    /// `init?(rawValue:)`: the case of `enumSchema` whose raw value is `rawValue`, or nil.
    init?(rawValue: Int, of enumSchema: EnumSchema) {
        guard let enumCase = enumSchema.cases.first(where: { enumSchema.rawValue(of: $0) == .int(Int64(rawValue)) }) else { return nil }
        self.name = enumCase.name
        self.rawValue = rawValue
    }
}
