/// A cause in words: the one-line title of its class, and the fix — each written from the
/// cause (who departs, which rule), never from the shape of one outcome.
package struct CauseWords {
    /// The cause told.
    package let cause: CauseKey

    /// Words for `cause`.
    package init(_ cause: CauseKey) {
        self.cause = cause
    }

    private var who: String { cause.departingText }

    /// One line: `planted reads a field under its property name instead of its coding key`.
    package var title: String {
        switch cause.rule {
        case .documented(let entry):
            return "\(who): documented divergence \(entry)"
        case .vanished(let entry):
            return "the SDK rule \(entry) did not fire where it must"
        case .crash(let ending, let message):
            return "\(who) traps (\(ending))" + (message.isEmpty ? "" : ": \(message)")
        case .key(let role):
            switch role {
            case .propertyName: return "\(who) keys a field by its Swift property name instead of its coding key"
            case .otherField: return "\(who) keys a field by another field's coding key"
            case .otherKey: return "\(who) keys a field by a key that is not its coding key, its property name nor another field's key"
            case .none: return "\(who) does not find a field under its coding key"
            }
        case .behaviour(let direction, let type, let held, let departing, let others):
            let what = type == "any" ? "a value" : Self.typePhrase(type)
            switch direction {
            case .read:
                if departing == "dropped" {
                    return "\(who) drops the elements of an array or map that it cannot read (a compactMap over them, or the whole container read as another kind), where Firestore.Decoder keeps each one or throws"
                }
                if Self.swallowsRefusal(departing: departing, others: others) {
                    return "\(who) gives \(Self.resultPhrase(departing)) for \(Self.heldPhrase(held, stored: false)) where Firestore.Decoder throws \(others): the error is swallowed"
                }
                let reading = "\(who) reads \(Self.heldPhrase(held, stored: false)) into \(what)"
                if departing == others { return reading + " as another value than the others" }
                if let bridging = Self.bridging(type: type, held: held, departing: departing) { return reading + " as a value: " + bridging }
                return reading + " as \(Self.resultPhrase(departing)) where the others give \(Self.resultPhrase(others))"
            case .write:
                if departing == others { return "\(who) writes \(what) as another \(departing) than the others" }
                return "\(who) writes \(what) as \(Self.resultPhrase(departing)) where the others give \(Self.resultPhrase(others))"
            case .storage:
                return "\(who == "every mapper alike" ? "the shared write or read path" : who) does not give back \(what) stored as \(held) (\(Self.resultPhrase(departing)))"
            }
        }
    }

    /// What to change, in one line.
    package var fix: String {
        switch cause.rule {
        case .documented:
            return "Nothing: the allowlist documents it."
        case .vanished(let entry):
            return "Restore the SDK's rule \(entry) (Docs/sdk-codable-rules.md) in the path every mapper shares — the write path, `Timestamp(date:)` or the read path — or in the mapper that lost it."
        case .crash:
            return "Check the value before converting it, and throw a DecodingError or EncodingError with the coding path instead of trapping."
        case .key(.propertyName):
            return "Read and write the field under its CodingKeys raw value (`data[CodingKeys.x.rawValue]`), not the property's name."
        case .key(.otherKey):
            return "Read and write the field under its coding key exactly as CodingKeys spells it: no key conversion of your own."
        case .key:
            return "Read and write the field under its own coding key."
        case .behaviour(let direction, _, _, let departing, let others):
            switch direction {
            case .read:
                if departing == "dropped" {
                    return "Read the container as the kind it is stored as and decode every element with `try` (`map`, not `compactMap { $0 as? T }` or `compactMapValues`): a null element of an optional type is nil, an element of the wrong kind an error, as in Firestore.Decoder."
                }
                if Self.swallowsRefusal(departing: departing, others: others) {
                    return "Let the error through: decode with `try` (`decode(_:forKey:)`, `decodeIfPresent(_:forKey:)` for an optional), not `try?` or `as? T`, so that a value of the wrong kind fails with \(others) as it does in Firestore.Decoder."
                }
                return "Read it as Firestore.Decoder does: give \(Self.resultPhrase(others)) there."
            case .write: return "Write it as Firestore.Encoder and the write path do: \(Self.resultPhrase(others))."
            case .storage: return "Store it as Firestore does and read back what was stored (Docs/firestore-data-model.md)."
            }
        }
    }

    /// Whether a reading gives nothing (nil, no value, a default) where the reference throws:
    /// the refusal swallowed, whatever the type and the kind held.
    static func swallowsRefusal(departing: String, others: String) -> Bool {
        CauseKey.givesNothing(departing) && FailureKind(rawValue: others) != nil
    }

    /// Where a stored kind reads as a number or a boolean through `NSNumber` bridging (`as? Int`
    /// on a boolean, `as? Bool` on a number, `as? Float` on a double), which the SDK's decoder
    /// refuses: the words for it.
    static func bridging(type: String, held: String, departing: String) -> String? {
        guard departing == "value", ["integer", "double", "float", "decimal", "bool"].contains(type) else { return nil }
        return NSNumberBridging.acceptedKind(swiftType: Self.swiftName(type), held: held)
    }

    private static func swiftName(_ type: String) -> String {
        switch type {
        case "integer": return "Int"
        case "double": return "Double"
        case "float": return "Float"
        case "decimal": return "Decimal"
        case "bool": return "Bool"
        default: return type
        }
    }

    /// `an integer`, `a Date`, `a [String: V]`.
    static func typePhrase(_ token: String) -> String {
        guard let family = TypeFamily(rawValue: token) else { return "a value outside the schema" }
        let title = family.title
        let article = "aeiouAEIOU".contains(title.first ?? "x") ? "an" : "a"
        return "\(article) \(title)"
    }

    /// `a stored double`, `nothing`, `null`.
    static func heldPhrase(_ token: String, stored: Bool) -> String {
        switch token {
        case "absent": return "a missing key"
        case "null": return "a null"
        case "present": return "a value"
        case "unread": return "the document's reference"
        case "raw-value": return "a raw value of no case"
        case "number": return "a stored number"
        default: return "a stored \(token)"
        }
    }

    /// A result token in words: `value` → `a value`, `typeMismatch` → `a typeMismatch error`.
    static func resultPhrase(_ token: String) -> String {
        switch token {
        case "value": return "a value"
        case "nil": return "nil"
        case "absent": return "nothing"
        case "accepted": return "a value or nil"
        case "refused": return "an error"
        case "": return "nothing to compare"
        default:
            if token.hasPrefix("default-") { return "a default (in place of \(token.dropFirst("default-".count)))" }
            if let kind = FailureKind(rawValue: token.split(separator: "-").first.map(String.init) ?? token) {
                return "a \(kind.rawValue) error" + (token.hasSuffix("-inside") ? " below it" : token.hasSuffix("-above") ? " above it" : "")
            }
            return "stored \(token)"
        }
    }
}
