import FirestoreModel
import Foundation

/// A dynamic instance of a schema type: what one mapper produced from a document, or
/// what the harness hands both encoders.
///
/// Equality follows the schema's types: floating-point values compare by bits with every
/// NaN equal (so a lost sign of −0.0 is seen), strings by code points, sets and dictionaries
/// regardless of order, struct fields in declaration order.
package indirect enum ModelValue: Hashable, Sendable, CustomStringConvertible {
    /// `nil` of an optional property or element.
    case null
    /// A `String`.
    case string(String)
    /// A `Bool`.
    case bool(Bool)
    /// A value of a signed integer type (the schema says which width).
    case int(Int64)
    /// A value of an unsigned integer type (the schema says which width).
    case uint(UInt64)
    /// A `Float`.
    case float(Float)
    /// A `Double`.
    case double(Double)
    /// A `Decimal`.
    case decimal(Decimal)
    /// A `Date`.
    case date(Date)
    /// A `URL`.
    case url(URL)
    /// A `Data`.
    case data(Data)
    /// A `Timestamp`.
    case timestamp(Timestamp)
    /// A `GeoPoint`.
    case geoPoint(GeoPoint)
    /// A `DocumentReference`.
    case reference(DocumentReference)
    /// A hex color.
    case color(RGBAColor)
    /// An enum case, by its Swift name.
    case enumCase(String)
    /// A struct: its fields in declaration order.
    case structure([ModelField])
    /// An array, in order.
    case array([ModelValue])
    /// A set: order plays no part in equality.
    case set([ModelValue])
    /// A dictionary: order plays no part in equality.
    case dictionary([ModelDictionaryEntry])

    package static func == (lhs: ModelValue, rhs: ModelValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.string(a), .string(b)): return a.utf8.elementsEqual(b.utf8)
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.uint(a), .uint(b)): return a == b
        case let (.float(a), .float(b)): return ModelValue.floatBits(a) == ModelValue.floatBits(b)
        case let (.double(a), .double(b)): return FirestoreValue.doublesAreIdentical(a, b)
        case let (.decimal(a), .decimal(b)): return a == b
        case let (.date(a), .date(b)):
            return FirestoreValue.doublesAreIdentical(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
        case let (.url(a), .url(b)): return a.absoluteString.utf8.elementsEqual(b.absoluteString.utf8)
        case let (.data(a), .data(b)): return a == b
        case let (.timestamp(a), .timestamp(b)): return a == b
        case let (.geoPoint(a), .geoPoint(b)): return a == b
        case let (.reference(a), .reference(b)): return a == b
        case let (.color(a), .color(b)): return a == b
        case let (.enumCase(a), .enumCase(b)): return a == b
        case let (.structure(a), .structure(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.set(a), .set(b)): return ModelValue.sameMultiset(a, b)
        case let (.dictionary(a), .dictionary(b)):
            return a.count == b.count && a.allSatisfy { entry in b.contains { $0.key == entry.key && $0.value == entry.value } }
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .string(let value): for byte in value.utf8 { hasher.combine(byte) }
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .uint(let value): hasher.combine(value)
        case .float(let value): hasher.combine(ModelValue.floatBits(value))
        case .double(let value): hasher.combine(FirestoreValue.normalizedBits(value))
        case .decimal(let value): hasher.combine(value)
        case .date(let value): hasher.combine(FirestoreValue.normalizedBits(value.timeIntervalSinceReferenceDate))
        case .url(let value): hasher.combine(value.absoluteString)
        case .data(let value): hasher.combine(value)
        case .timestamp(let value): hasher.combine(value)
        case .geoPoint(let value): hasher.combine(value)
        case .reference(let value): hasher.combine(value)
        case .color(let value): hasher.combine(value)
        case .enumCase(let value): hasher.combine(value)
        case .structure(let fields): hasher.combine(fields)
        case .array(let values): hasher.combine(values)
        case .set(let values): hasher.combine(values.count) // order-independent, like ==
        case .dictionary(let entries): hasher.combine(entries.count)
        }
    }

    /// The bits of a Float with every NaN mapped to one canonical NaN.
    static func floatBits(_ value: Float) -> UInt32 {
        value.isNaN ? Float.nan.bitPattern : value.bitPattern
    }

    /// Whether two arrays hold the same elements with the same multiplicities.
    static func sameMultiset(_ a: [ModelValue], _ b: [ModelValue]) -> Bool {
        guard a.count == b.count else { return false }
        var unmatched = b
        for element in a {
            guard let position = unmatched.firstIndex(of: element) else { return false }
            unmatched.remove(at: position)
        }
        return true
    }

    /// A compact rendering for reports: `{title: "x", pages: 3}`, `[1, 2]`, `Set[…]`. Set
    /// elements and dictionary entries are listed in sorted order, so the text is stable.
    package var description: String {
        switch self {
        case .null: return "nil"
        case .string(let value): return "\"\(value)\""
        case .bool(let value): return "\(value)"
        case .int(let value): return "\(value)"
        case .uint(let value): return "\(value)"
        case .float(let value): return "Float(\(value))"
        case .double(let value): return "\(value)"
        case .decimal(let value): return "Decimal(\(value))"
        case .date(let value): return "Date(\(value.timeIntervalSince1970))"
        case .url(let value): return "URL(\(value.absoluteString))"
        case .data(let value): return "Data(\(value.base64EncodedString()))"
        case .timestamp(let value): return "\(value)"
        case .geoPoint(let value): return "\(value)"
        case .reference(let value): return "ref(\(value.path))"
        case .color(let value): return "\(value)"
        case .enumCase(let name): return ".\(name)"
        case .structure(let fields): return "{" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .set(let values): return "Set[" + values.map(\.description).sorted().joined(separator: ", ") + "]"
        case .dictionary(let entries):
            return "[" + entries.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", ") + "]"
        }
    }
}

/// One stored property of a struct value.
package struct ModelField: Hashable, Sendable {
    /// The Swift property name.
    package var name: String
    /// Its value.
    package var value: ModelValue

    /// Creates a field value.
    package init(name: String, value: ModelValue) {
        self.name = name
        self.value = value
    }
}

/// One entry of a dictionary value.
package struct ModelDictionaryEntry: Hashable, Sendable {
    /// The key (`.string`, `.int` or `.enumCase`).
    package var key: ModelValue
    /// The value.
    package var value: ModelValue

    /// Creates an entry.
    package init(key: ModelValue, value: ModelValue) {
        self.key = key
        self.value = value
    }
}

/// A color as Google's Codable guide's hex `Color` holds it: red, green, blue and alpha, 0–255 each.
///
/// Its coded form is one string, `#RRGGBB` (alpha 255) or `#RRGGBBAA`, hex digits in either
/// case on input. Each mapper parses and writes that form with code of its own.
package struct RGBAColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0–255.
    package var red: UInt8
    /// Green, 0–255.
    package var green: UInt8
    /// Blue, 0–255.
    package var blue: UInt8
    /// Alpha (opacity), 0–255.
    package var alpha: UInt8

    /// Creates a color from its components.
    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    package var description: String { "Color(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}
