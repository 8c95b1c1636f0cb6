import Foundation
import FirestoreModel

/// Classifies untyped input — what the SDK's read path hands an app (`[String: Any]` holding
/// NSNull, booleans, int64s, doubles, strings, Data, Timestamp, GeoPoint, DocumentReference,
/// VectorValue, arrays and maps), and what people write by hand (any Swift integer width,
/// Float, Decimal, NSNumber, Optional) — one value at a time, as the decoder reaches it.
/// Swift arrays and dictionaries are kept as they are (their elements are classified when
/// read); only an `NSDictionary` has its entries classified at once, one level deep.
///
/// Numbers keep their kind: a boolean `NSNumber` is a boolean, any other NSNumber an integer
/// or a double by its `objCType`, a `UInt`/`UInt64` above `Int64.max` and a `Decimal` are
/// kept exactly in nodes of their own. Nothing is rejected here: a value of a type Firestore
/// does not store becomes `.unsupported`, which is a type mismatch, with its coding path,
/// only if the model reads it (the SDK also fails only when the value is read).
enum DecodingInputReader {
    /// The node for one input value: `readPathNode(_:)` for the value types the SDK's read
    /// path produces, the longer chain of casts for other inputs.
    static func node(from input: Any) -> DecodingNode {
        if let node = readPathNode(input) { return node }
        if type(of: input) is AnyObject.Type {
            return node(fromObject: input as AnyObject)
        }
        return node(fromOther: input)
    }

    /// The node for a value of exactly one of the value types the read path hands out
    /// (`String`, `Int64`, `Double`, `Bool`, `[String: Any]`, `[Any]`; `Int`, `Timestamp`,
    /// `Data`), else nil.
    ///
    /// `type(of:)` and `as?` on an `Any` are calls into the runtime's dynamic casting, about
    /// 300 instructions a value. Opening the existential instead hands its content to a
    /// generic function, whose type parameter compares with each of these types like any two
    /// metatypes; the content is then taken as it is.
    static func readPathNode(_ input: Any) -> DecodingNode? {
        _openExistential(input, do: readPathContentNode)
    }

    /// The node for a value type the fast path of `node(from:)` does not cover.
    private static func node(fromOther input: Any) -> DecodingNode {
        switch input {
        case let value as [String: Any]: return .dictionary(value)
        case let value as [Any]: return .array(value)
        case let value as FirestoreValue: return .value(value)
        case let value as FirestoreMap: return .value(.map(value))
        case let value as GeoPoint: return .value(.geoPoint(value))
        case let value as DocumentReference: return .value(.reference(value))
        case let value as VectorValue: return .value(.vector(value))
        case let value as Int32: return .value(.integer(Int64(value)))
        case let value as Int16: return .value(.integer(Int64(value)))
        case let value as Int8: return .value(.integer(Int64(value)))
        case let value as UInt: return unsigned(UInt64(value))
        case let value as UInt64: return unsigned(value)
        case let value as UInt32: return .value(.integer(Int64(value)))
        case let value as UInt16: return .value(.integer(Int64(value)))
        case let value as UInt8: return .value(.integer(Int64(value)))
        case let value as Float: return .value(.double(Double(value)))
        case let value as Decimal: return .decimal(value)
        case let value as any DecodingInputOptional:
            guard let wrapped = value.decodingInputWrapped else { return .value(.null) }
            return node(from: wrapped)
        default:
            return .unsupported(typeName: "\(type(of: input))")
        }
    }

    /// The node for a class instance: the Foundation types the SDK's read path produces.
    private static func node(fromObject object: AnyObject) -> DecodingNode {
        if object is NSNull { return .value(.null) }
        if let decimal = object as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
        if let number = object as? NSNumber { return node(fromNumber: number) }
        if let string = object as? String { return .value(.string(string)) }
        if let data = object as? Data { return .value(.bytes(data)) }
        if let array = object as? NSArray { return .array(array.map { $0 }) }
        if let dictionary = object as? NSDictionary {
            var entries = DecodingNodeEntries()
            for (key, value) in dictionary {
                guard let key = key as? String else { return .unsupported(typeName: "\(type(of: object))") }
                entries.insertIfAbsent(key, node(from: value))
            }
            return .entries(entries)
        }
        return .unsupported(typeName: "\(type(of: object))")
    }

    /// A boolean for the two boolean singletons, otherwise an integer or a double by `objCType`.
    private static func node(fromNumber number: NSNumber) -> DecodingNode {
        if number === NSNumber(value: true) { return .value(.boolean(true)) }
        if number === NSNumber(value: false) { return .value(.boolean(false)) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return .value(.double(number.doubleValue))
        case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
            return unsigned(number.uint64Value)
        default:
            return .value(.integer(number.int64Value))
        }
    }

    private static func unsigned(_ value: UInt64) -> DecodingNode {
        if let signed = Int64(exactly: value) { return .value(.integer(signed)) }
        return .unsignedInteger(value)
    }
}

/// The node for `content` when `T` is one of the value types the read path hands out, else
/// nil (see `DecodingInputReader.readPathNode(_:)`). A free function: Swift 6.3 crashes
/// compiling `_openExistential` with a static method.
private func readPathContentNode<T>(_ content: T) -> DecodingNode? {
    if let string = exactly(content, as: String.self) { return .value(.string(string)) }
    if let integer = exactly(content, as: Int64.self) { return .value(.integer(integer)) }
    if let double = exactly(content, as: Double.self) { return .value(.double(double)) }
    if let boolean = exactly(content, as: Bool.self) { return .value(.boolean(boolean)) }
    if let dictionary = exactly(content, as: [String: Any].self) { return .dictionary(dictionary) }
    if let array = exactly(content, as: [Any].self) { return .array(array) }
    if let integer = exactly(content, as: Int.self) { return .value(.integer(Int64(integer))) }
    if let timestamp = exactly(content, as: Timestamp.self) { return .value(.timestamp(timestamp)) }
    if let data = exactly(content, as: Data.self) { return .value(.bytes(data)) }
    return nil
}

/// `value` as `U` when `T` is `U`, else nil. Not `value as? U`: in unspecialized generic code
/// that is a dynamic cast at run time.
@inline(__always)
func exactly<T, U>(_ value: T, as type: U.Type) -> U? {
    guard T.self == U.self else { return nil }
    // Safe: `T` is `U` (checked just above), so `value` is a `U` as it is; nothing is
    // reinterpreted.
    return unsafeBitCast(value, to: U.self)
}

/// An `Optional` seen through `Any`, so the reader can unwrap it.
protocol DecodingInputOptional {
    /// The wrapped value, or nil for `.none`.
    var decodingInputWrapped: Any? { get }
}

extension Optional: DecodingInputOptional {
    var decodingInputWrapped: Any? { map { $0 } }
}
