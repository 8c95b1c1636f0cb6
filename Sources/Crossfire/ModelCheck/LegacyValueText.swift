import FirestoreModel

/// Stored values in words a person reads at a glance, for the check's reports: timestamps in
/// RFC 3339, references as their path, GeoPoints as `(latitude, longitude)`, maps and arrays
/// nested, long strings cut.
enum LegacyValueText {
    /// The longest string shown whole.
    static let stringLimit = 60

    /// A value in words; `nothing` for none.
    static func text(_ value: FirestoreValue?) -> String {
        guard let value else { return "nothing" }
        switch value {
        case .null: return "null"
        case .boolean(let boolean): return "\(boolean)"
        case .integer(let integer): return "\(integer)"
        case .double(let double): return "\(double)"
        case .timestamp(let timestamp): return "timestamp " + (timestamp.rfc3339String(fractionDigits: 6) ?? "\(timestamp)")
        case .string(let string): return quoted(string)
        case .bytes(let bytes): return "\(bytes.count) bytes"
        case .reference(let reference): return "reference \(reference.path)"
        case .geoPoint(let point): return "GeoPoint(\(point.latitude), \(point.longitude))"
        case .vector(let vector): return "vector \(vector.array)"
        case .array(let elements): return "[" + elements.map(text).joined(separator: ", ") + "]"
        case .map(let map): return text(map)
        }
    }

    /// A map in words: `{name: "Ada", year: 1843}`.
    static func text(_ map: FirestoreMap) -> String {
        "{" + map.map { "\(ValuePath.quotedSegment($0.key)): \(text($0.value))" }.joined(separator: ", ") + "}"
    }

    private static func quoted(_ string: String) -> String {
        let shown = string.count > stringLimit ? String(string.prefix(stringLimit)) + "…" : string
        var escaped = ""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}
