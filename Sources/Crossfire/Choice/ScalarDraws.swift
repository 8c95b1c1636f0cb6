import FirestoreModel
import Foundation
import ModelSchema

/// Scalar values drawn from a `ChoiceSource`: an edge value (see `ScalarEdges`) with the
/// given probability, otherwise a random one. Choice 0 gives the simplest value: 0,
/// the epoch, `https://example.com/`, black.
extension ChoiceSource {
    /// One of the first `count` edges (all of them by default) with probability `edgeProbability`, else nil.
    mutating func edge<Value>(_ edges: [Value], probability edgeProbability: Double, count: Int? = nil) -> Value? {
        guard bool(probability: edgeProbability) else { return nil }
        return choose(from: edges.prefix(count ?? edges.count))
    }

    /// An integer of the type that Firestore can store (so `UInt64` and `UInt` up to `Int64.max`).
    mutating func storedInteger(_ type: IntegerType, edgeProbability: Double) -> Int64 {
        if let edge = edge(ScalarEdges.integers(type), probability: edgeProbability) { return edge }
        return int64(in: type.minimum...Int64(clamping: type.maximum))
    }

    /// A value of an unsigned type over its whole Swift range, beyond `Int64.max` included.
    mutating func unsignedInteger(_ type: IntegerType, edgeProbability: Double) -> UInt64 {
        if bool(probability: edgeProbability) {
            let stored = ScalarEdges.integers(type).map { UInt64($0) }
            let beyond = type.bitWidth == 64 ? ScalarEdges.unsignedBeyondInt64 : []
            return choose(from: stored + beyond) ?? 0
        }
        return uint64(in: 0...type.maximum)
    }

    /// A finite double: a small integer, a binary or decimal fraction, a value of any
    /// magnitude, or any finite bit pattern. Simplest: 0.0.
    mutating func finiteDouble() -> Double {
        switch weightedIndex(DrawWeights.doubleModes) {
        case 0:
            return Double(int(in: -1000...1000))
        case 1:
            let numerator = Double(int64(in: -1_000_000...1_000_000))
            let decimal = bool(probability: 0.5)
            let exponent = int(in: 0...(decimal ? 9 : 30))
            return decimal ? numerator / pow(10, Double(exponent)) : numerator / Double(sign: .plus, exponent: exponent, significand: 1)
        case 2:
            let significand = Double(int64(in: -(1 << 53)...(1 << 53)))
            let value = Double(sign: .plus, exponent: int(in: -1074...970), significand: significand)
            return value.isFinite ? value : Double.greatestFiniteMagnitude
        default:
            let value = Double(bitPattern: draw(upTo: UInt64.max))
            return value.isFinite ? value : 0
        }
    }

    /// A `Double`, its non-finite edges (NaN, ±Infinity) only when `allowNonFinite`.
    mutating func doubleValue(edgeProbability: Double, allowNonFinite: Bool) -> Double {
        let count = allowNonFinite ? ScalarEdges.doubles.count : ScalarEdges.firstNonFiniteDouble
        return edge(ScalarEdges.doubles, probability: edgeProbability, count: count) ?? finiteDouble()
    }

    /// A `Float`, its non-finite edges only when `allowNonFinite`.
    mutating func floatValue(edgeProbability: Double, allowNonFinite: Bool) -> Float {
        let count = allowNonFinite ? ScalarEdges.floats.count : ScalarEdges.firstNonFiniteFloat
        if let edge = edge(ScalarEdges.floats, probability: edgeProbability, count: count) { return edge }
        if bool(probability: 0.2) {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: draw(upTo: UInt64(UInt32.max))))
            return value.isFinite ? value : 0
        }
        let value = Float(finiteDouble())
        return value.isFinite ? value : Float.greatestFiniteMagnitude
    }

    /// A timestamp in Firestore's range, with whole microseconds when `microsecondAligned`
    /// (as Firestore stores them), else with any nanoseconds. Simplest: the epoch.
    mutating func timestamp(edgeProbability: Double, microsecondAligned: Bool) -> Timestamp {
        let edges = microsecondAligned ? ScalarEdges.timestamps : ScalarEdges.timestamps + ScalarEdges.nanosecondTimestamps
        if let edge = edge(edges, probability: edgeProbability) { return edge }
        let seconds = int64(in: Timestamp.minimumSeconds...(Timestamp.endSeconds - 1))
        let nanoseconds = microsecondAligned ? int(in: 0...999_999) * 1000 : int(in: 0...999_999_999)
        return Timestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
    }

    /// A `Date` for a model value: any instant in Firestore's range with sub-microsecond
    /// fractions, or an edge — one of `ScalarEdges.dates` (`distantPast` included, which
    /// Firestore cannot store) or, as the edge after the last of them, a date near 1970 just
    /// below a microsecond boundary (`dateBelowMicrosecondBoundary()`).
    mutating func date(edgeProbability: Double) -> Date {
        guard bool(probability: edgeProbability) else {
            let stamp = timestamp(edgeProbability: 0, microsecondAligned: false)
            return Date(timeIntervalSince1970: Double(stamp.seconds) + Double(stamp.nanoseconds) / 1e9)
        }
        let edges = ScalarEdges.dates
        let index = Int(draw(upTo: UInt64(edges.count)))
        return edges.indices.contains(index) ? edges[index] : dateBelowMicrosecondBoundary()
    }

    /// A date within decades of 1970 (`ScalarEdges.decadesOf1970`) one to three representable
    /// `Date`s below the one nearest a whole microsecond: there a `Date` (a Double of seconds since 2001) steps
    /// by about 119 ns, so its fraction's digits sit just below the boundary and truncating them
    /// to whole nanoseconds, then microseconds, is where rounding slips show — and two such
    /// dates a microsecond apart can come back from storage as one another's neighbours.
    /// Simplest: one step below 1970 itself.
    package mutating func dateBelowMicrosecondBoundary() -> Date {
        let seconds = int64(in: -ScalarEdges.decadesOf1970...ScalarEdges.decadesOf1970)
        let microseconds = int64(in: 0...999_999)
        let steps = int(in: 1...3)
        // The Date nearest the boundary, reached in one rounding: whole seconds since 2001 are
        // exact, the microseconds added to them rounded once.
        var interval = Double(seconds - ScalarEdges.secondsFrom1970To2001) + Double(microseconds) / 1e6
        for _ in 0..<steps { interval = interval.nextDown }
        return Date(timeIntervalSinceReferenceDate: interval)
    }

    /// A string that `URL(string:)` accepts. Simplest: `https://example.com/`.
    mutating func urlString(edgeProbability: Double) -> String {
        if let edge = edge(ScalarEdges.urls, probability: edgeProbability) { return edge }
        var scalars = String.UnicodeScalarView("https://example.com/".unicodeScalars)
        forEachElement(maxCount: 24, averageCount: 6) { source, _ in
            scalars.append(source.choose(from: ScalarEdges.urlPathCharacters) ?? "a")
        }
        if bool(probability: 0.2) {
            scalars.append(contentsOf: "?q=".unicodeScalars)
            forEachElement(maxCount: 8, averageCount: 2) { source, _ in
                scalars.append(source.choose(from: ScalarEdges.urlPathCharacters) ?? "a")
            }
        }
        return String(scalars)
    }

    /// Bytes. Simplest: empty.
    mutating func bytes(profile: GenerationProfile) -> Data {
        if let edge = edge(ScalarEdges.bytes, probability: profile.edgeValueProbability) { return edge }
        var data = Data()
        forEachElement(maxCount: max(profile.maxStringLength, 0), averageCount: profile.averageStringLength) { source, _ in
            data.append(UInt8(truncatingIfNeeded: source.draw(upTo: 255)))
        }
        return data
    }

    /// A valid geo point. Simplest: (0, 0).
    mutating func geoPoint(edgeProbability: Double) -> GeoPoint {
        if let edge = edge(ScalarEdges.geoPoints, probability: edgeProbability) { return edge }
        let latitude = Double(int(in: -90_000_000...90_000_000)) / 1e6
        let longitude = Double(int(in: -180_000_000...180_000_000)) / 1e6
        return GeoPoint(latitude: latitude, longitude: longitude)
    }

    /// A valid document or collection ID. Simplest: `a`.
    mutating func documentID(profile: GenerationProfile) -> String {
        if let edge = edge(ScalarEdges.documentIDs, probability: profile.edgeValueProbability) { return edge }
        let id = text(
            minLength: 1, maxLength: max(1, min(profile.maxStringLength, 20)), averageLength: 3,
            unicodeProbability: profile.unicodeProbability, allowControls: false
        )
        return DocumentReference.problem(withID: id) == nil ? id : "a"
    }

    /// A reference to a document 1 to 3 collections deep in the default database. Simplest:
    /// `a/a`. Nil only if the reference cannot be made, which valid IDs rule out.
    mutating func documentReference(profile: GenerationProfile) -> DocumentReference? {
        var segments: [String] = []
        forEachElement(minCount: 1, maxCount: 3, averageCount: 1.3) { source, _ in
            segments.append(source.documentID(profile: profile))
            segments.append(source.documentID(profile: profile))
        }
        return try? DocumentReference(segments: segments)
    }

    /// A color, translucent half the time. Simplest: opaque black.
    mutating func color(edgeProbability: Double) -> RGBAColor {
        if let edge = edge(ScalarEdges.colors, probability: edgeProbability) { return edge }
        let red = UInt8(truncatingIfNeeded: draw(upTo: 255))
        let green = UInt8(truncatingIfNeeded: draw(upTo: 255))
        let blue = UInt8(truncatingIfNeeded: draw(upTo: 255))
        let alpha = bool(probability: 0.5) ? UInt8(truncatingIfNeeded: draw(upTo: 255)) : 255
        return RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The coded form of a color: `#RRGGBB` when opaque (or `#RRGGBBFF`), else `#RRGGBBAA`,
    /// in upper, lower or mixed case hex digits. Simplest: upper case, six digits.
    mutating func hexString(of color: RGBAColor) -> String {
        let withAlpha = color.alpha != 255 || bool(probability: 0.2)
        let style = weightedIndex(DrawWeights.hexCaseStyles)
        var text = String.UnicodeScalarView()
        text.append("#")
        var position = 0
        func append(_ component: UInt8) {
            for shift: UInt8 in [4, 0] {
                let upper = style == 0 || (style == 2 && position % 2 == 0)
                text.append(HexDigits.scalar(of: component >> shift, uppercase: upper))
                position += 1
            }
        }
        append(color.red)
        append(color.green)
        append(color.blue)
        if withAlpha { append(color.alpha) }
        return String(text)
    }
}

/// Fixed weights of generator choices, kept as constants so that no draw allocates them.
enum DrawWeights {
    /// Small integer, fraction, any magnitude, any bit pattern.
    static let doubleModes = [4, 3, 2, 1]
    /// Upper, lower, mixed case.
    static let hexCaseStyles = [4, 2, 1]
}

/// Hexadecimal digits.
enum HexDigits {
    /// The digit for a value 0–15.
    static func scalar(of nibble: UInt8, uppercase: Bool) -> Unicode.Scalar {
        let value = nibble & 0xF
        if value < 10 { return Unicode.Scalar(0x30 + value) }
        return Unicode.Scalar((uppercase ? 0x41 : 0x61) + value - 10)
    }
}
