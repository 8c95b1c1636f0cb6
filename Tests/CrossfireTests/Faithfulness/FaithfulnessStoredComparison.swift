import Crossfire
import FirestoreModel
import ModelSchema

/// Compares what two encoders stored as typed values (`FirestoreValue ==`: doubles by bits,
/// integers apart from doubles), where the model leaves the order open: the array a `Set`
/// is stored as, and the flat `[k1, v1, k2, v2, …]` array of an enum-keyed dictionary,
/// compare as multisets (their order is the `Set`'s or `Dictionary`'s hash order, which
/// differs between a real struct and its stand-in). Written here, apart from the engine's
/// own canonicalizer, so that a bug there cannot hide one here.
struct StoredComparison {
    let schema: ModelSchema

    /// Whether two stored documents of the schema's root are the same.
    func equal(_ lhs: FirestoreMap, _ rhs: FirestoreMap) -> Bool {
        equal(lhs, rhs, structName: schema.root)
    }

    /// Whether two outcomes agree: equal documents, or failures of one kind at one path
    /// (indexes inside sets and enum-keyed dictionaries not compared, see
    /// `SchemaWalk.normalized`).
    func agree(_ lhs: StoredOutcome, _ rhs: StoredOutcome) -> Bool {
        switch (lhs, rhs) {
        case let (.document(a), .document(b)): return equal(a, b)
        case let (.failure(a), .failure(b)): return a.kind == b.kind && SchemaWalk.normalized(a.path, in: schema) == SchemaWalk.normalized(b.path, in: schema)
        default: return false
        }
    }

    private func equal(_ lhs: FirestoreMap, _ rhs: FirestoreMap, structName: String) -> Bool {
        guard lhs.count == rhs.count else { return false }
        let fields = schema.structSchema(named: structName)?.fields ?? []
        for (key, value) in lhs {
            guard let other = rhs[key] else { return false }
            if let field = fields.first(where: { $0.codingKey.map { $0.utf8.elementsEqual(key.utf8) } ?? false }) {
                guard equal(value, other, as: field.type) else { return false }
            } else if value != other {
                return false
            }
        }
        return true
    }

    private func equal(_ lhs: FirestoreValue, _ rhs: FirestoreValue, as type: FieldType) -> Bool {
        switch (lhs, rhs, type.unwrapped) {
        case let (.map(a), .map(b), .structure(name)):
            return equal(a, b, structName: name)
        case let (.map(a), .map(b), .dictionary(_, valueType)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equal(value, $0, as: valueType) } ?? false }
        case let (.array(a), .array(b), .array(element)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1, as: element) }
        case let (.array(a), .array(b), .set(element)):
            return sameMultiset(a, b) { equal($0, $1, as: element) }
        case let (.array(a), .array(b), .dictionary(.enumeration(name), valueType)) where a.count % 2 == 0 && b.count % 2 == 0:
            return sameMultiset(pairs(a), pairs(b)) { equal($0.0, $1.0, as: .enumeration(name)) && equal($0.1, $1.1, as: valueType) }
        default:
            return lhs == rhs
        }
    }

    private func pairs(_ flat: [FirestoreValue]) -> [(FirestoreValue, FirestoreValue)] {
        stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) }
    }

    private func sameMultiset<Element>(_ lhs: [Element], _ rhs: [Element], _ same: (Element, Element) -> Bool) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var unmatched = rhs
        for element in lhs {
            guard let position = unmatched.firstIndex(where: { same(element, $0) }) else { return false }
            unmatched.remove(at: position)
        }
        return true
    }
}
