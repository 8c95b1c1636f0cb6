import ModelSchema

/// Whether a value came back from a round trip as the SDK's documented behaviour says it must,
/// walking the value with its schema type: `@DocumentID` properties are read from the reference
/// (`Docs/sdk-codable-rules.md` §9.1), a nil `@ServerTimestamp` is filled by the server
/// (sdk-codable-rules §9.2), an `Int8` is stored as a boolean and read back as 0 or 1
/// (sdk-codable-rules §13.1), and storage changes Decimals, Dates and Timestamps as
/// `StorageEquivalence` says (set elements it makes equal come back as one).
///
/// Used where a round-trip loss shows on a whole collection (a set or an enum-keyed
/// dictionary, compared as a whole), so that the entries of the allowlist that explain a loss
/// at one property cannot see what is inside.
enum SDKReadBack {
    /// Whether `after` is `before`, a value of `type`, as the SDK gives it back.
    static func equivalent(_ before: ModelValue, _ after: ModelValue, type: FieldType, schema: ModelSchema) -> Bool {
        switch (before, after, type) {
        case (_, _, .optional(let wrapped)):
            if before == .null || after == .null { return before == after }
            return equivalent(before, after, type: wrapped, schema: schema)
        case let (.structure(left), .structure(right), .structure(name)):
            guard let structSchema = schema.structSchema(named: name),
                  left.count == structSchema.fields.count, right.count == left.count else { return before == after }
            return zip(zip(left, right), structSchema.fields).allSatisfy { pair, field in
                switch field.wrapper {
                case .documentID?: return true
                case .serverTimestamp? where pair.0.value == .null: return true
                default: return equivalent(pair.0.value, pair.1.value, type: field.type, schema: schema)
                }
            }
        case let (.array(left), .array(right), .array(element)):
            return left.count == right.count && zip(left, right).allSatisfy { equivalent($0, $1, type: element, schema: schema) }
        case let (.set(left), .set(right), .set(element)):
            return left.allSatisfy { value in right.contains { equivalent(value, $0, type: element, schema: schema) } }
                && right.allSatisfy { value in left.contains { equivalent($0, value, type: element, schema: schema) } }
        case let (.dictionary(left), .dictionary(right), .dictionary(_, valueType)):
            return left.count == right.count && left.allSatisfy { entry in
                right.contains { $0.key == entry.key && equivalent(entry.value, $0.value, type: valueType, schema: schema) }
            }
        case let (.int(number), .int(back), .integer(.int8)):
            return back == number || back == (number == 0 ? 0 : 1)
        default:
            return StorageEquivalence.equivalent(before, after)
        }
    }
}
