import Foundation
import FirestoreModel

/// One value as `Firestore.Decoder` reads it.
///
/// A typed input (`FirestoreValue`, `FirestoreMap`) is wrapped as it is in `.value`, so its
/// subtrees are read in place, never copied. Untyped input (`[String: Any]` and what it holds)
/// is read as it is too: `DecodingInputReader` classifies a value only when the decoder reaches
/// it, one level at a time, so containers stay the caller's arrays and dictionaries and values
/// the model never reads are never looked at. The cases other than `.value` exist only for
/// untyped input.
enum DecodingNode {
    /// A Firestore value and everything beneath it.
    case value(FirestoreValue)
    /// An unsigned integer above `Int64.max` (a `UInt`/`UInt64` input).
    case unsignedInteger(UInt64)
    /// A `Decimal`/`NSDecimalNumber` input, kept exact.
    case decimal(Decimal)
    /// An input of a type Firestore does not store (`Date`, `Set`, a class…); reading it is a
    /// type mismatch naming this type, as the SDK names the runtime type it found.
    case unsupported(typeName: String)
    /// An untyped array (`[Any]`, or an `NSArray`'s elements); elements are classified when read.
    case array([Any])
    /// An untyped map (`[String: Any]`); values are classified when read.
    case dictionary([String: Any])
    /// An `NSDictionary` input, its entries in its order.
    case entries(DecodingNodeEntries)

    /// Whether the node is Firestore's null.
    var isNull: Bool {
        if case .value(.null) = self { return true }
        return false
    }

    /// The node as a map, or nil when it is not one.
    var mapView: DecodingNodeMap? {
        switch self {
        case .value(.map(let map)): return .values(map)
        case .dictionary(let dictionary): return .dictionary(dictionary)
        case .entries(let entries): return .entries(entries)
        default: return nil
        }
    }

    /// The node as an array, or nil when it is not one.
    var arrayView: DecodingNodeArray? {
        switch self {
        case .value(.array(let values)): return .values(values)
        case .array(let elements): return .untyped(elements)
        default: return nil
        }
    }
}

/// The elements of an array node: Firestore values read in place, or untyped elements
/// classified one by one as they are read.
enum DecodingNodeArray {
    case values([FirestoreValue])
    case untyped([Any])

    /// How many elements the array has.
    var count: Int {
        switch self {
        case .values(let values): return values.count
        case .untyped(let elements): return elements.count
        }
    }

    /// The element at `index`, which must be below `count`.
    subscript(index: Int) -> DecodingNode {
        switch self {
        case .values(let values): return .value(values[index])
        case .untyped(let elements): return DecodingInputReader.node(from: elements[index])
        }
    }
}
