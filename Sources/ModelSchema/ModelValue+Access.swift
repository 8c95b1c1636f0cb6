import FirestoreModel
import Foundation

/// Typed access to the payload of a `ModelValue`, for code that turns model values back
/// into Swift values (the emitted `init?(modelValue:)`). Each accessor is nil for any
/// other case.
extension ModelValue {
    /// The payload of `.string`.
    package var stringValue: String? { if case .string(let value) = self { return value }; return nil }
    /// The payload of `.bool`.
    package var boolValue: Bool? { if case .bool(let value) = self { return value }; return nil }
    /// The payload of `.int`.
    package var int64Value: Int64? { if case .int(let value) = self { return value }; return nil }
    /// The payload of `.uint`.
    package var uint64Value: UInt64? { if case .uint(let value) = self { return value }; return nil }
    /// The payload of `.float`.
    package var floatValue: Float? { if case .float(let value) = self { return value }; return nil }
    /// The payload of `.double`.
    package var doubleValue: Double? { if case .double(let value) = self { return value }; return nil }
    /// The payload of `.decimal`.
    package var decimalValue: Decimal? { if case .decimal(let value) = self { return value }; return nil }
    /// The payload of `.date`.
    package var dateValue: Date? { if case .date(let value) = self { return value }; return nil }
    /// The payload of `.url`.
    package var urlValue: URL? { if case .url(let value) = self { return value }; return nil }
    /// The payload of `.data`.
    package var dataValue: Data? { if case .data(let value) = self { return value }; return nil }
    /// The payload of `.timestamp`.
    package var timestampValue: Timestamp? { if case .timestamp(let value) = self { return value }; return nil }
    /// The payload of `.geoPoint`.
    package var geoPointValue: GeoPoint? { if case .geoPoint(let value) = self { return value }; return nil }
    /// The payload of `.reference`.
    package var referenceValue: DocumentReference? { if case .reference(let value) = self { return value }; return nil }
    /// The payload of `.color`.
    package var colorValue: RGBAColor? { if case .color(let value) = self { return value }; return nil }
    /// The elements of `.array`.
    package var arrayElements: [ModelValue]? { if case .array(let values) = self { return values }; return nil }
    /// The elements of `.set`.
    package var setElements: [ModelValue]? { if case .set(let values) = self { return values }; return nil }
    /// The entries of `.dictionary`.
    package var dictionaryEntries: [ModelDictionaryEntry]? { if case .dictionary(let entries) = self { return entries }; return nil }

    /// The field values of a `.structure` whose field names are exactly `names`, in that
    /// order; nil for any other value.
    package func fieldValues(named names: [String]) -> [ModelValue]? {
        guard case .structure(let fields) = self, fields.map(\.name) == names else { return nil }
        return fields.map(\.value)
    }
}
