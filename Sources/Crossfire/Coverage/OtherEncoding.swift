import FirestoreModel
import ModelSchema

extension ModelSchema {
    /// Whether `value` is another encoding the SDK accepts for `type` than the one it writes
    /// (sdk-codable-rules §6): an integral double for an integer or an `Int` raw value, an integer
    /// for a `Float`, `Double` or `Decimal`, a `{seconds, nanoseconds}` map for a `Date` or
    /// `Timestamp`, a `{latitude, longitude}` map for a `GeoPoint`, a (base64) string for `Data`,
    /// and a string for a property coded `twoEncodings`. Whether the value is valid is another
    /// question: a fault may have put it there.
    func isOtherEncoding(_ value: FirestoreValue, of type: FieldType, coding: FieldCoding?) -> Bool {
        switch (type.unwrapped, value) {
        case (.integer, .double), (.float, .integer), (.double, .integer), (.decimal, .integer):
            return true
        case (.date, .map), (.timestamp, .map), (.geoPoint, .map), (.data, .string):
            return true
        case (.enumeration(let name), .double):
            return enumSchema(named: name)?.rawType == .int
        case (_, .string):
            return coding == .twoEncodings
        default:
            return false
        }
    }
}
