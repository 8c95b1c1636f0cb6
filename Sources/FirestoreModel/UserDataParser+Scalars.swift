import Foundation

extension UserDataParser {
    /// `parseScalarValue:`: every value that is not a map, an array or a sentinel.
    func parseScalar(_ value: Any) throws(WritePathError) -> FirestoreValue {
        // Real NSNumber objects first, by objCType; native Swift numbers would bridge to
        // NSNumber and lose their type, so they are matched by their own type below.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            return try parseNumber(number)
        }
        switch value {
        case let string as String: return .string(string)
        case let integer as Int: return .integer(Int64(integer))
        case let double as Double: return .double(double)
        case let boolean as Bool: return .boolean(boolean)
        case let integer as Int64: return .integer(integer)
        case let integer as Int32: return .integer(Int64(integer))
        case let integer as Int16: return .integer(Int64(integer))
        case let integer as Int8: return int8Value(Int64(integer))
        case let integer as UInt: return try unsignedValue(UInt64(integer))
        case let integer as UInt64: return try unsignedValue(integer)
        case let integer as UInt32: return .integer(Int64(integer))
        case let integer as UInt16: return .integer(Int64(integer))
        case let integer as UInt8: return .integer(Int64(integer))
        case let float as Float: return .double(widen(float))
        case let float as CGFloat: return .double(Double(float))
        case let decimal as Decimal: return .double(UserDataParser.nearestDouble(decimal))
        case let timestamp as Timestamp: return .timestamp(try storedTimestamp(timestamp))
        case let date as Date: return .timestamp(try storedTimestamp(Timestamp(date: date)))
        case let data as Data: return .bytes(data)
        case let point as GeoPoint: return .geoPoint(try checked(point))
        case let reference as DocumentReference: return .reference(try checked(reference))
        case let vector as VectorValue: return .vector(vector)
        default:
            throw WritePathError(.unsupportedType, at: currentPath, "Unsupported type: \(type(of: value))")
        }
    }

    /// An `NSNumber` by its `objCType`, as `Docs/firestore-data-model.md` §6.3 describes.
    private func parseNumber(_ number: NSNumber) throws(WritePathError) -> FirestoreValue {
        if let decimal = number as? NSDecimalNumber {
            return .double(UserDataParser.nearestDouble(decimal.decimalValue))
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "q"), UInt8(ascii: "i"), UInt8(ascii: "s"), UInt8(ascii: "l"),
             UInt8(ascii: "I"), UInt8(ascii: "S"):
            return .integer(number.int64Value)
        case UInt8(ascii: "L"), UInt8(ascii: "Q"):
            return try unsignedValue(number.uint64Value)
        case UInt8(ascii: "f"):
            return .double(widen(number.floatValue))
        case UInt8(ascii: "d"):
            return .double(number.doubleValue)
        case UInt8(ascii: "B"), UInt8(ascii: "c"), UInt8(ascii: "C"):
            if number === NSNumber(value: true) || number === NSNumber(value: false) {
                return .boolean(number.boolValue)
            }
            return int8Value(number.int64Value)
        default:
            let code = String(cString: number.objCType)
            throw WritePathError(.unsupportedType, at: currentPath, "Unsupported type: NSNumber of objCType \(code)")
        }
    }

    /// An `Int8`-like value per `WritePathOptions.int8Storage`.
    private func int8Value(_ value: Int64) -> FirestoreValue {
        switch options.int8Storage {
        case .boolean: return .boolean(value != 0)
        case .integer: return .integer(value)
        }
    }

    private func unsignedValue(_ value: UInt64) throws(WritePathError) -> FirestoreValue {
        guard let signed = Int64(exactly: value) else {
            throw WritePathError(.integerTooLarge, at: currentPath, "NSNumber (\(value)) is too large")
        }
        return .integer(signed)
    }

    /// A Float as a double, per `WritePathOptions.floatWidening`.
    private func widen(_ float: Float) -> Double {
        switch options.floatWidening {
        case .binary:
            return Double(float)
        case .shortestDecimal:
            guard float.isFinite, let double = Double(float.description) else { return Double(float) }
            return double
        }
    }

    /// The double nearest to a decimal's value (read from its exact decimal text).
    static func nearestDouble(_ decimal: Decimal) -> Double {
        Double(decimal.description) ?? NSDecimalNumber(decimal: decimal).doubleValue
    }

    /// A timestamp as stored: checked as `FIRTimestamp` checks it, then cut to microseconds.
    private func storedTimestamp(_ timestamp: Timestamp) throws(WritePathError) -> Timestamp {
        if timestamp.nanoseconds < 0 || timestamp.nanoseconds >= 1_000_000_000 {
            throw WritePathError(.timestampOutOfRange, at: currentPath,
                                 "Timestamp nanoseconds out of range: \(timestamp.nanoseconds)")
        }
        if timestamp.seconds < Timestamp.minimumSeconds || timestamp.seconds >= Timestamp.endSeconds {
            throw WritePathError(.timestampOutOfRange, at: currentPath, "Timestamp seconds out of range: \(timestamp.seconds)")
        }
        return timestamp.truncatedToMicroseconds()
    }

    /// A geopoint, checked as `FIRGeoPoint initWithLatitude:longitude:` checks it.
    private func checked(_ point: GeoPoint) throws(WritePathError) -> GeoPoint {
        if !(point.latitude >= -90 && point.latitude <= 90 && point.latitude.isFinite) {
            throw WritePathError(.invalidGeoPoint, at: currentPath,
                                 "GeoPoint requires a latitude value in the range of [-90, 90], but was \(point.latitude)")
        }
        if !(point.longitude >= -180 && point.longitude <= 180 && point.longitude.isFinite) {
            throw WritePathError(.invalidGeoPoint, at: currentPath,
                                 "GeoPoint requires a longitude value in the range of [-180, 180], but was \(point.longitude)")
        }
        return point
    }

    /// A reference, which must point into the write's own database.
    private func checked(_ reference: DocumentReference) throws(WritePathError) -> DocumentReference {
        guard reference.database == database else {
            let other = reference.database
            throw WritePathError(.foreignDatabase, at: currentPath,
                                 "Document Reference is for database \(other.projectID)/\(other.database) "
                                     + "but should be for database \(database.projectID)/\(database.database)")
        }
        return reference
    }
}
