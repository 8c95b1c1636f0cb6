import ModelSchema

/// What an `Int8` becomes when the SDK stores it as a boolean and a mapper reads the boolean
/// back as a number: 1 for any non-zero value, 0 for zero.
enum Int8BooleanStorage {
    /// The value with every integer turned into 0 or 1 (sets deduplicated, as a set would be).
    static func readBack(_ value: ModelValue) -> ModelValue {
        switch value {
        case .int(let number): return .int(number == 0 ? 0 : 1)
        case .array(let values): return .array(values.map(readBack))
        case .set(let values):
            var unique: [ModelValue] = []
            for element in values.map(readBack) where !unique.contains(element) { unique.append(element) }
            return .set(unique)
        case .dictionary(let entries):
            return .dictionary(entries.map { ModelDictionaryEntry(key: $0.key, value: readBack($0.value)) })
        default: return value
        }
    }

    /// Whether every integer in the value is 0 or 1.
    static func isBooleanLike(_ value: ModelValue) -> Bool {
        switch value {
        case .int(let number): return number == 0 || number == 1
        case .array(let values), .set(let values): return values.allSatisfy(isBooleanLike)
        case .dictionary(let entries): return entries.allSatisfy { isBooleanLike($0.value) }
        default: return true
        }
    }
}
