import FirestoreModel
import ModelSchema

/// Puts stored data whose order the model does not define into one order, so that two
/// encoders' outputs compare as typed values: the arrays a `Set` is stored as, and the flat
/// `[k1, v1, k2, v2, …]` arrays of enum-keyed dictionaries (both come out in hash order).
struct StoredCanonicalizer {
    let schema: ModelSchema

    /// The document with every set and enum-keyed dictionary in canonical order.
    func canonical(_ fields: FirestoreMap) -> FirestoreMap {
        canonical(fields, structName: schema.root)
    }

    private func canonical(_ fields: FirestoreMap, structName: String) -> FirestoreMap {
        guard let structSchema = schema.structSchema(named: structName) else { return fields }
        var result = fields
        for field in structSchema.fields {
            guard let key = field.codingKey, let value = fields[key] else { continue }
            result[key] = canonical(value, type: field.type)
        }
        return result
    }

    private func canonical(_ value: FirestoreValue, type: FieldType) -> FirestoreValue {
        switch (value, type.unwrapped) {
        case let (.map(map), .structure(name)):
            return .map(canonical(map, structName: name))
        case let (.array(values), .array(element)):
            return .array(values.map { canonical($0, type: element) })
        case let (.array(values), .set(element)):
            return .array(values.map { canonical($0, type: element) }.sorted { $0.description < $1.description })
        case (.array(let values), .dictionary(.enumeration(let name), let valueType)) where values.count % 2 == 0:
            var pairs: [(FirestoreValue, FirestoreValue)] = []
            var index = 0
            while index + 1 < values.count {
                pairs.append((canonical(values[index], type: .enumeration(name)), canonical(values[index + 1], type: valueType)))
                index += 2
            }
            pairs.sort { $0.0.description < $1.0.description }
            return .array(pairs.flatMap { [$0.0, $0.1] })
        case let (.map(map), .dictionary(_, valueType)):
            return .map(FirestoreMap(map.map { ($0.key, canonical($0.value, type: valueType)) }))
        default:
            return value
        }
    }
}
