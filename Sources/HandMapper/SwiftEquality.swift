import ModelSchema

/// Equality as the Swift types of a model define it (not `ModelValue`'s bit-exact
/// equality): what decides which elements a `Set` keeps. Floats compare numerically
/// (`0.0 == -0.0`, NaN equals nothing), strings by canonical equivalence, a `GeoPoint` by its
/// own `==` (coordinates by bits), structs field by field.
enum SwiftEquality { // Written apart from the Dynamic model's SwiftValueSemantics on purpose: the differ compares the two.
    /// Whether two values of the same schema type are `==` in Swift.
    static func equal(_ lhs: ModelValue, _ rhs: ModelValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.uint(a), .uint(b)): return a == b
        case let (.float(a), .float(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.decimal(a), .decimal(b)): return a == b
        case let (.date(a), .date(b)): return a == b
        case let (.url(a), .url(b)): return a == b
        case let (.data(a), .data(b)): return a == b
        case let (.timestamp(a), .timestamp(b)): return a == b
        case let (.geoPoint(a), .geoPoint(b)): return a == b // GeoPoint's own `==`: by bits, as the SDK's
        case let (.reference(a), .reference(b)): return a == b
        case let (.color(a), .color(b)): return a == b
        case let (.enumCase(a), .enumCase(b)): return a == b
        case let (.structure(a), .structure(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && equal($0.value, $1.value) }
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case let (.set(a), .set(b)):
            return a.count == b.count && a.allSatisfy { element in b.contains { equal(element, $0) } }
        case let (.dictionary(a), .dictionary(b)):
            return a.count == b.count && a.allSatisfy { entry in
                b.contains { equal(entry.key, $0.key) && equal(entry.value, $0.value) }
            }
        default: return false
        }
    }

    /// The elements a Swift `Set` built by inserting them in order ends up with: the first
    /// of each group of equal elements (a NaN never equals anything, so each NaN stays).
    static func distinct(_ elements: [ModelValue]) -> [ModelValue] {
        var kept: [ModelValue] = []
        kept.reserveCapacity(elements.count)
        for element in elements where !kept.contains(where: { equal($0, element) }) {
            kept.append(element)
        }
        return kept
    }
}
