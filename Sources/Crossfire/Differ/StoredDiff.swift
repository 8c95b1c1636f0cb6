import FirestoreModel
import ModelSchema

/// Every leaf at which two stored documents of a schema differ, read with the schema's types:
/// struct maps key by key (in declaration order, then keys the schema does not have), arrays
/// element by element, `[String: V]` and `[Int: V]` maps entry by entry, the arrays a set is
/// stored as element by element as multisets (they come out in hash order), and the flat
/// `[k1, v1, k2, v2, …]` arrays of enum-keyed dictionaries entry by entry, matched by key
/// (path steps by the stored key's text). Parts outside the schema are compared by shape.
struct StoredDiff {
    let schema: ModelSchema

    /// The leaves at which two stored documents differ; empty when they are equal.
    func leaves(_ left: FirestoreMap, _ right: FirestoreMap) -> [LeafDifference] {
        var result: [LeafDifference] = []
        walk(.map(left), .map(right), type: .structure(schema.root), path: .root, into: &result)
        return result
    }

    private func walk(_ left: FirestoreValue, _ right: FirestoreValue, type: FieldType?, path: ValuePath,
                      into result: inout [LeafDifference]) {
        guard left != right else { return }
        func leaf() { result.append(LeafDifference(path: path, left: .stored(left), right: .stored(right))) }
        switch (left, right, type?.unwrapped) {
        case let (.map(a), .map(b), .structure(name)?):
            var seen: [String] = []
            for field in schema.structSchema(named: name)?.fields ?? [] {
                guard let key = field.codingKey else { continue }
                seen.append(key)
                entry(a[key], b[key], type: field.type, path: path.appending(key: key), into: &result)
            }
            for key in Self.keys(a, b) where !seen.contains(where: { $0.utf8.elementsEqual(key.utf8) }) {
                entry(a[key], b[key], type: nil, path: path.appending(key: key), into: &result)
            }
        case (.map(let a), .map(let b), .dictionary(_, let valueType)?):
            for key in Self.keys(a, b) { entry(a[key], b[key], type: valueType, path: path.appending(key: key), into: &result) }
        case let (.map(a), .map(b), nil):
            for key in Self.keys(a, b) { entry(a[key], b[key], type: nil, path: path.appending(key: key), into: &result) }
        case (.array(let a), .array(let b), .set(let element)?):
            for pair in SetPairing.pairs(a, b, alike: Self.similarity) {
                switch (pair.left, pair.right) {
                case let (x?, y?): walk(a[x], b[y], type: element, path: path.appending(index: x), into: &result)
                case let (x?, nil): result.append(LeafDifference(path: path.appending(index: x), left: .stored(a[x]), right: .absent))
                case let (nil, y?): result.append(LeafDifference(path: path.appending(index: y), left: .absent, right: .stored(b[y])))
                case (nil, nil): break
                }
            }
        case (.array(let a), .array(let b), .dictionary(.enumeration(let enumName), let valueType)?) where a.count % 2 == 0 && b.count % 2 == 0:
            let leftPairs = Self.entries(a)
            let rightPairs = Self.entries(b)
            let enumSchema = schema.enumSchema(named: enumName)
            for (key, value) in leftPairs {
                let here = path.appending(key: Self.keyText(key, enumSchema: enumSchema))
                entry(value, rightPairs.first { $0.key == key }?.value, type: valueType, path: here, into: &result)
            }
            for (key, value) in rightPairs where !leftPairs.contains(where: { $0.key == key }) {
                result.append(LeafDifference(path: path.appending(key: Self.keyText(key, enumSchema: enumSchema)), left: .absent, right: .stored(value)))
            }
        case let (.array(a), .array(b), _):
            let element: FieldType? = if case .array(let inner)? = type?.unwrapped { inner } else { nil }
            for index in 0..<max(a.count, b.count) {
                let left = a.indices.contains(index) ? a[index] : nil
                let right = b.indices.contains(index) ? b[index] : nil
                entry(left, right, type: element, path: path.appending(index: index), into: &result)
            }
        default:
            leaf()
        }
    }

    private func entry(_ left: FirestoreValue?, _ right: FirestoreValue?, type: FieldType?, path: ValuePath,
                       into result: inout [LeafDifference]) {
        switch (left, right) {
        case let (a?, b?): walk(a, b, type: type, path: path, into: &result)
        case let (a?, nil): result.append(LeafDifference(path: path, left: .stored(a), right: .absent))
        case let (nil, b?): result.append(LeafDifference(path: path, left: .absent, right: .stored(b)))
        case (nil, nil): break
        }
    }

    /// The keys of two maps: the first's in its order, then the second's others.
    private static func keys(_ a: FirestoreMap, _ b: FirestoreMap) -> [String] {
        Array(a.keys) + b.keys.filter { !a.contains(key: $0) }
    }

    /// An enum-keyed dictionary's flat array as (key, value) pairs.
    private static func entries(_ flat: [FirestoreValue]) -> [(key: FirestoreValue, value: FirestoreValue)] {
        stride(from: 0, to: flat.count - 1, by: 2).map { (flat[$0], flat[$0 + 1]) }
    }

    /// The text of a stored enum key: a raw value's text, or an enum without raw values' case
    /// name — the one key of its `{"case": {}}` map, or, in a map with other keys too, the one key
    /// that names a case of `enumSchema`, as decoders read it.
    static func keyText(_ key: FirestoreValue, enumSchema: EnumSchema?) -> String {
        switch key {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number):
            // An `Int` raw value written as an integral double (another encoding the SDK reads).
            return Int64(exactly: number).map { String($0) } ?? key.description
        case .map(let map) where map.count == 1: return map.keys.first ?? key.description
        case .map(let map):
            let cases = map.keys.filter { name in enumSchema?.cases.contains { $0.name == name } ?? false }
            return cases.count == 1 ? cases[0] : key.description
        default: return key.description
        }
    }

    private static func similarity(_ a: FirestoreValue, _ b: FirestoreValue) -> Int {
        switch (a, b) {
        case let (.map(x), .map(y)): return 1 + x.reduce(0) { $0 + (y[$1.key] == $1.value ? 2 : 0) }
        default: return a.kind == b.kind ? 1 : 0
        }
    }
}
