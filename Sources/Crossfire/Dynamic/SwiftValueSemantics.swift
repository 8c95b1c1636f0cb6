import FirestoreModel
import Foundation
import ModelSchema

/// Equality and hashing of model values as the Swift types they stand for define them — not
/// `ModelValue`'s bit-exact equality: `0.0 == -0.0`, NaN equals nothing, canonically
/// equivalent strings are equal, a `URL`, `Decimal`, `GeoPoint` … by its own `==`, sets and
/// dictionaries regardless of order. What synthesized `Hashable` gives a real struct, and so
/// what decides which elements of a `Set` of structs a decoder keeps.
enum SwiftValueSemantics { // Written apart from HandMapper's SwiftEquality on purpose: the differ compares the two.
    /// Whether two values of one schema type are `==` in Swift.
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
        case let (.geoPoint(a), .geoPoint(b)): return a == b
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
            return a.count == b.count && a.allSatisfy { entry in b.contains { equal(entry.key, $0.key) && equal(entry.value, $0.value) } }
        default: return false
        }
    }

    /// Feeds `hasher` what the Swift value's own `hash(into:)` would, so that values `equal`
    /// calls equal hash alike (sets and dictionaries by their count only, as their order is open).
    static func hash(_ value: ModelValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0 as UInt8)
        case .string(let string): hasher.combine(string)
        case .bool(let flag): hasher.combine(flag)
        case .int(let number): hasher.combine(number)
        case .uint(let number): hasher.combine(number)
        case .float(let number): hasher.combine(number)
        case .double(let number): hasher.combine(number)
        case .decimal(let number): hasher.combine(number)
        case .date(let date): hasher.combine(date)
        case .url(let url): hasher.combine(url)
        case .data(let data): hasher.combine(data)
        case .timestamp(let timestamp): hasher.combine(timestamp)
        case .geoPoint(let point): hasher.combine(point)
        case .reference(let reference): hasher.combine(reference)
        case .color(let color): hasher.combine(color)
        case .enumCase(let name): hasher.combine(name)
        case .structure(let fields): for field in fields { hash(field.value, into: &hasher) }
        case .array(let elements): for element in elements { hash(element, into: &hasher) }
        case .set(let elements): hasher.combine(elements.count)
        case .dictionary(let entries): hasher.combine(entries.count)
        }
    }
}
