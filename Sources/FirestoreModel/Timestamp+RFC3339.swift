/// RFC 3339 text for timestamps, with the proleptic Gregorian calendar computed directly
/// (no `DateFormatter`, which loses nanoseconds and depends on locale).
extension Timestamp {
    /// Why an RFC 3339 string could not be read.
    public struct RFC3339Error: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text that was read.
        public let text: String
        /// What was wrong with it.
        public let reason: String
        public var description: String { "invalid RFC 3339 timestamp \"\(text)\": \(reason)" }
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|±HH:MM)`; `t` and `z` are accepted in lower case.
    /// The result is normalised to UTC; it must lie in Firestore's range.
    public init(rfc3339 text: String) throws(RFC3339Error) {
        let bytes = Array(text.utf8)
        var position = 0
        func fail(_ reason: String) -> RFC3339Error { RFC3339Error(text: text, reason: reason) }
        func digits(_ count: Int, _ what: String) throws(RFC3339Error) -> Int {
            guard position + count <= bytes.count else { throw fail("expected \(count) digits for \(what)") }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[position]
                guard byte >= 0x30 && byte <= 0x39 else { throw fail("expected a digit for \(what) at offset \(position)") }
                value = value * 10 + Int(byte - 0x30)
                position += 1
            }
            return value
        }
        func expect(_ characters: String, _ what: String) throws(RFC3339Error) {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else {
                throw fail("expected \(what) at offset \(position)")
            }
            position += 1
        }
        let year = try digits(4, "the year")
        try expect("-", "'-'")
        let month = try digits(2, "the month")
        try expect("-", "'-'")
        let day = try digits(2, "the day")
        try expect("Tt", "'T'")
        let hour = try digits(2, "the hour")
        try expect(":", "':'")
        let minute = try digits(2, "the minute")
        try expect(":", "':'")
        let second = try digits(2, "the second")
        var nanos = 0
        if position < bytes.count, bytes[position] == 0x2E {
            position += 1
            var count = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                guard count < 9 else { throw fail("more than 9 fraction digits") }
                nanos = nanos * 10 + Int(bytes[position] - 0x30)
                count += 1
                position += 1
            }
            guard count > 0 else { throw fail("expected fraction digits after '.'") }
            for _ in count..<9 { nanos *= 10 }
        }
        var offsetSeconds = 0
        guard position < bytes.count else { throw fail("expected 'Z' or an offset") }
        switch bytes[position] {
        case 0x5A, 0x7A:
            position += 1
        case 0x2B, 0x2D:
            let sign = bytes[position] == 0x2D ? -1 : 1
            position += 1
            let offsetHours = try digits(2, "the offset hours")
            try expect(":", "':' in the offset")
            let offsetMinutes = try digits(2, "the offset minutes")
            guard offsetHours <= 23, offsetMinutes <= 59 else { throw fail("offset out of range") }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            throw fail("expected 'Z' or an offset at offset \(position)")
        }
        guard position == bytes.count else { throw fail("unexpected text after the timestamp") }
        guard (1...12).contains(month) else { throw fail("month \(month) out of range") }
        guard day >= 1, day <= Timestamp.daysIn(month: month, year: year) else { throw fail("day \(day) out of range") }
        guard hour <= 23, minute <= 59, second <= 59 else { throw fail("time of day out of range") }
        let days = Timestamp.daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        let result = Timestamp(seconds: seconds, nanoseconds: Int32(nanos))
        guard result.isValid else { throw fail("outside 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z") }
        self = result
    }

    /// The timestamp in RFC 3339, UTC (`Z`), with the given number of fraction digits
    /// (0...9; digits beyond are truncated). Nil when the timestamp is outside Firestore's range.
    public func rfc3339String(fractionDigits: Int = 9) -> String? {
        guard isValid else { return nil }
        let days = Int(seconds.floorDivided(by: 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = Timestamp.civil(fromDays: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        let digits = min(max(fractionDigits, 0), 9)
        if digits > 0 {
            text += "." + String(pad(Int(nanoseconds), 9).prefix(digits))
        }
        return text + "Z"
    }

    /// The shortest of 0, 3, 6 or 9 fraction digits that keeps every nanosecond, as Firestore's
    /// servers write it.
    public var canonicalRFC3339String: String? {
        let digits = nanoseconds == 0 ? 0 : nanoseconds % 1_000_000 == 0 ? 3 : nanoseconds % 1000 == 0 ? 6 : 9
        return rfc3339String(fractionDigits: digits)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// Division rounding towards negative infinity.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
