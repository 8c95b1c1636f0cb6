import FirestoreModel
import Foundation
import ModelSchema

/// The lossless JSON form of a `ModelValue`, as journals and regression files keep model
/// values: each value is an object with one key naming its kind.
///
/// `{"null": true}`, `{"string": "x"}`, `{"bool": true}`, `{"int": "-5"}`, `{"uint": "5"}`,
/// `{"float": "0.1"}`, `{"double": "-0.0"}` (Swift's shortest round-trip text; `nan`, `inf`,
/// `-inf`), `{"decimal": "1.25"}`, `{"date": "<seconds since 2001 as double text>"}`,
/// `{"url": "https://…"}`, `{"data": "<base64>"}`, `{"timestamp": {"seconds": "s", "nanos": n}}`,
/// `{"geoPoint": {"latitude": "…", "longitude": "…"}}`, `{"reference": "coll/doc"}`,
/// `{"color": "#rrggbbaa"}`, `{"case": "name"}`, `{"struct": {"field": value, …}}` (fields in
/// declaration order), `{"array": […]}`, `{"set": […]}`, `{"dictionary": [[key, value], …]}`
/// (set elements and dictionary entries sorted by their rendering, so the text is stable).
package enum ModelValueCoding {
    /// Why a JSON value is not a model value.
    package struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// Where in the JSON value.
        package let path: ValuePath
        /// What was expected.
        package let message: String
        package var description: String { "model value at \(path): \(message)" }
    }

    /// The JSON form of a model value, as a plain-JSON `FirestoreValue`.
    package static func encode(_ value: ModelValue) -> FirestoreValue {
        func tagged(_ tag: String, _ payload: FirestoreValue) -> FirestoreValue { .map([tag: payload]) }
        switch value {
        case .null: return tagged("null", .boolean(true))
        case .string(let text): return tagged("string", .string(text))
        case .bool(let flag): return tagged("bool", .boolean(flag))
        case .int(let number): return tagged("int", .string(String(number)))
        case .uint(let number): return tagged("uint", .string(String(number)))
        case .float(let number): return tagged("float", .string(number.description))
        case .double(let number): return tagged("double", .string(number.description))
        case .decimal(let number): return tagged("decimal", .string(number.description))
        case .date(let date): return tagged("date", .string(date.timeIntervalSinceReferenceDate.description))
        case .url(let url): return tagged("url", .string(url.absoluteString))
        case .data(let data): return tagged("data", .string(data.base64EncodedString()))
        case .timestamp(let timestamp):
            return tagged("timestamp", .map(["seconds": .string(String(timestamp.seconds)), "nanos": .integer(Int64(timestamp.nanoseconds))]))
        case .geoPoint(let point):
            return tagged("geoPoint", .map(["latitude": .string(point.latitude.description), "longitude": .string(point.longitude.description)]))
        case .reference(let reference): return tagged("reference", .string(reference.path))
        case .color(let color):
            let hex = [color.red, color.green, color.blue, color.alpha].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
            return tagged("color", .string("#" + hex))
        case .enumCase(let name): return tagged("case", .string(name))
        case .structure(let fields): return tagged("struct", .map(FirestoreMap(fields.map { ($0.name, encode($0.value)) })))
        case .array(let values): return tagged("array", .array(values.map(encode)))
        case .set(let values): return tagged("set", .array(values.sorted { $0.description < $1.description }.map(encode)))
        case .dictionary(let entries):
            let sorted = entries.sorted { $0.key.description < $1.key.description }
            return tagged("dictionary", .array(sorted.map { .array([encode($0.key), encode($0.value)]) }))
        }
    }

    /// Reads the JSON form back.
    package static func decode(_ json: FirestoreValue, at path: ValuePath = .root) throws(Error) -> ModelValue {
        guard case .map(let map) = json, map.count == 1, let (tag, payload) = map.first(where: { _ in true }) else {
            throw Error(path: path, message: "expected an object with one kind key")
        }
        func text() throws(Error) -> String {
            guard case .string(let value) = payload else { throw Error(path: path, message: "\(tag) needs a string") }
            return value
        }
        func number<T: LosslessStringConvertible>(_ type: T.Type) throws(Error) -> T {
            let value = try text()
            guard let parsed = T(value) else { throw Error(path: path, message: "\"\(value)\" is not a \(T.self)") }
            return parsed
        }
        func list() throws(Error) -> [FirestoreValue] {
            guard case .array(let values) = payload else { throw Error(path: path, message: "\(tag) needs an array") }
            return values
        }
        switch tag {
        case "null": return .null
        case "string": return .string(try text())
        case "bool":
            guard case .boolean(let flag) = payload else { throw Error(path: path, message: "bool needs true or false") }
            return .bool(flag)
        case "int": return .int(try number(Int64.self))
        case "uint": return .uint(try number(UInt64.self))
        case "float": return .float(try number(Float.self))
        case "double": return .double(try number(Double.self))
        case "decimal":
            let value = try text()
            if value == Decimal.nan.description { return .decimal(.nan) }
            guard let decimal = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else {
                throw Error(path: path, message: "\"\(value)\" is not a Decimal")
            }
            return .decimal(decimal)
        case "date": return .date(Date(timeIntervalSinceReferenceDate: try number(Double.self)))
        case "url":
            let value = try text()
            guard let url = URL(string: value) else { throw Error(path: path, message: "\"\(value)\" is not a URL") }
            return .url(url)
        case "data":
            let value = try text()
            guard let data = Data(base64Encoded: value) else { throw Error(path: path, message: "bad base64") }
            return .data(data)
        case "timestamp":
            guard case .map(let parts) = payload, case .string(let seconds)? = parts["seconds"], let s = Int64(seconds),
                  case .integer(let nanos)? = parts["nanos"], let n = Int32(exactly: nanos)
            else { throw Error(path: path, message: "timestamp needs seconds and nanos") }
            return .timestamp(Timestamp(seconds: s, nanoseconds: n))
        case "geoPoint":
            guard case .map(let parts) = payload, case .string(let latitude)? = parts["latitude"], let lat = Double(latitude),
                  case .string(let longitude)? = parts["longitude"], let long = Double(longitude)
            else { throw Error(path: path, message: "geoPoint needs latitude and longitude") }
            return .geoPoint(GeoPoint(latitude: lat, longitude: long))
        case "reference":
            do {
                return .reference(try DocumentReference(path: try text()))
            } catch let error as DocumentPathError {
                throw Error(path: path, message: error.description)
            } catch {
                throw Error(path: path, message: "\(error)")
            }
        case "color":
            let value = try text()
            let digits = Array(value.utf8.dropFirst())
            guard value.hasPrefix("#"), digits.count == 8,
                  let packed = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else { throw Error(path: path, message: "color needs #rrggbbaa") }
            return .color(RGBAColor(red: UInt8(packed >> 24), green: UInt8(packed >> 16 & 0xFF),
                                    blue: UInt8(packed >> 8 & 0xFF), alpha: UInt8(packed & 0xFF)))
        case "case": return .enumCase(try text())
        case "struct":
            guard case .map(let fields) = payload else { throw Error(path: path, message: "struct needs an object") }
            var result: [ModelField] = []
            for (name, value) in fields {
                result.append(ModelField(name: name, value: try decode(value, at: path.appending(key: name))))
            }
            return .structure(result)
        case "array", "set":
            var values: [ModelValue] = []
            for (index, element) in try list().enumerated() {
                values.append(try decode(element, at: path.appending(index: index)))
            }
            return tag == "array" ? .array(values) : .set(values)
        case "dictionary":
            var entries: [ModelDictionaryEntry] = []
            for (index, pair) in try list().enumerated() {
                guard case .array(let parts) = pair, parts.count == 2 else {
                    throw Error(path: path.appending(index: index), message: "dictionary entries are [key, value]")
                }
                entries.append(ModelDictionaryEntry(key: try decode(parts[0], at: path.appending(index: index)),
                                                    value: try decode(parts[1], at: path.appending(index: index))))
            }
            return .dictionary(entries)
        default:
            throw Error(path: path, message: "unknown kind \"\(tag)\"")
        }
    }
}
