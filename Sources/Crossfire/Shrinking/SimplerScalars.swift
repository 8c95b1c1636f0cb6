import Foundation

/// Simpler forms of scalars that are not their kind's simplest value (which `DocumentEdits`
/// and `ModelValueEdits` try first): shorter strings, rounder numbers, short dictionary keys.
/// Each form is strictly simpler than the value it replaces, so repeating them ends.
enum SimplerScalars {
    /// Shorter prefixes of a string: half of it, and all but its last character (the empty
    /// string is the simplest form, tried before).
    static func shorter(_ text: String) -> [String] {
        let count = text.count
        guard count >= 2 else { return [] }
        var result = [String(text.prefix(count / 2))]
        if count - 1 != count / 2 { result.append(String(text.prefix(count - 1))) }
        return result
    }

    /// Rounder doubles of a finite, non-zero double, fewer significant digits first: its
    /// integer part, then the double rounded to 1, 2, … significant digits, as long as that
    /// has fewer digits than the double itself.
    static func rounder(_ value: Double) -> [Double] {
        guard value.isFinite, value != 0 else { return [] }
        let digits = significantDigits(value)
        var result: [Double] = []
        let integral = value.rounded(.towardZero)
        if integral != value, significantDigits(integral) < digits || integral == 0 { result.append(integral) }
        for kept in 1..<max(1, digits) {
            guard let rounded = Double(String(format: "%.\(kept - 1)e", value)), rounded.isFinite,
                  significantDigits(rounded) < digits, !result.contains(rounded)
            else { continue }
            result.append(rounded)
        }
        return result
    }

    /// Rounder floats of a finite, non-zero float (as `rounder(_:)` does for doubles).
    static func rounder(_ value: Float) -> [Float] {
        guard value.isFinite else { return [] }
        let digits = significantDigits(value.description)
        return rounder(Double(value)).map(Float.init).filter { $0 != value && significantDigits($0.description) < digits }
    }

    /// The significant decimal digits of a double's shortest form (`1e+39`: 1, `3.75`: 3).
    static func significantDigits(_ value: Double) -> Int {
        significantDigits(value.description)
    }

    private static func significantDigits(_ text: String) -> Int {
        let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
        let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
        return digits.reversed().drop { $0 == "0" }.count
    }

    /// The short keys a dictionary's keys are renamed to: `a`, `b`, … for string keys.
    static let shortStringKeys = FieldRenaming.shortNames

    /// The short keys for `[Int: V]` dictionaries: 0, 1, ….
    static let shortIntKeys: [Int64] = Array(0..<26)

    /// Pairs of old and new keys: the keys that are not short yet get the first short key no
    /// other key of the dictionary has.
    static func renamedKeys<Key: Hashable>(_ keys: [Key], short: [Key]) -> [(old: Key, new: Key)] {
        var taken = Set(keys)
        var result: [(old: Key, new: Key)] = []
        for key in keys where !short.contains(key) {
            guard let replacement = short.first(where: { !taken.contains($0) }) else { break }
            taken.insert(replacement)
            result.append((key, replacement))
        }
        return result
    }
}
