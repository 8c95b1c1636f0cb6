/// What a finding class is: a cause — which mapper departs from the others, and which rule it
/// breaks. One bug is one cause whatever container, check, hand-written coding, name or sibling
/// it met; those are facets of its occurrences (the symptoms, `FindingClassKey`), counted inside
/// the class.
///
/// A cause is derived from a finding's symptom and, for an unexpected one, from probing its case
/// (`CauseResolver`): who departs (`departs`), and the rule (`Rule`):
/// - a **documented** divergence is its allowlist entry's rule, per departing mapper;
/// - a **vanished** expectation is the SDK rule that did not fire, whoever should have shown it;
/// - a **crash** is the trap (its ending and the runtime's message, digits left out);
/// - a **key** cause: the mapper keys a field by another key than its coding key (the property
///   name, another field's key, or none at all), whatever the field holds and whether it
///   reads or writes it: one key function is one mistake;
/// - a **behaviour**: where a value was there and was read (`read`) or written (`write`) unlike
///   the others — the type family, what was held and the two results, never the container or
///   the check; `storage` when every mapper's round trip loses it alike (the shared write or read
///   path).
///
/// Its canonical text is its identity in journals and reports: `planted:read/integer/double/value/dataCorrupted`,
/// `hand:key/property-name`, `-:vanished/int8-stored-as-boolean`, `codable:documented/storage-precision`.
package struct CauseKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Which way a value went where the mapper departs.
    package enum Direction: String, Hashable, Sendable, CaseIterable {
        /// Reading a document into a model (decode).
        case read
        /// Writing a model into a document (encode, with the write path).
        case write
        /// Storing and reading back, shared by every mapper (the write path and the read path).
        case storage
    }

    /// Under which key a mapper reads or writes a field, when not its coding key.
    package enum KeyRole: String, Hashable, Sendable, CaseIterable {
        /// The Swift property's name (the coding key ignored).
        case propertyName = "property-name"
        /// Another field's key of the same struct.
        case otherField = "another-field"
        /// A key that is neither its coding key, its property name nor another field's key (the
        /// coding key converted, misspelt or made up).
        case otherKey = "another-key"
        /// No key of the struct: the field is never read (or written).
        case none = "no-key"
    }

    /// The rule a departing mapper breaks (or, for a documented divergence, follows).
    package enum Rule: Hashable, Sendable {
        /// An allowlist entry's documented divergence.
        case documented(entry: String)
        /// The SDK rule of this allowlist entry did not fire where it must.
        case vanished(entry: String)
        /// The mapper trapped: how (`SIGILL`, `hang`) and the runtime's message without digits.
        case crash(ending: String, message: String)
        /// The field is read or written under another key than its coding key.
        case key(role: KeyRole)
        /// A value read or written unlike the others: type family (or `any`), what was held, the
        /// departing mapper's result, the others' result (tokens of `FindingClassKey`).
        case behaviour(direction: Direction, type: String, held: String, departing: String, others: String)

        /// A container read with fewer elements than the document holds, where the others keep
        /// them all or refuse: the elements it cannot read dropped (a `compactMap`).
        static let droppedElements = Rule.behaviour(direction: .read, type: "any", held: "elements", departing: "dropped", others: "kept")
    }

    /// The mappers that depart, sorted; empty when no one mapper does (a vanished rule, the
    /// shared storage).
    package var departs: [String]
    /// The rule.
    package var rule: Rule

    /// Creates a cause.
    package init(departs: [String], rule: Rule) {
        self.departs = departs.sorted()
        self.rule = rule
    }

    // MARK: The canonical text

    /// `departs:rule`, the mappers joined by `+` (`-` for none), the rule's parts by `/`.
    package var canonical: String {
        let who = departs.isEmpty ? "-" : departs.map(FindingClassKey.escaped).joined(separator: "+")
        return who + ":" + ruleParts.map(FindingClassKey.escaped).joined(separator: "/")
    }

    private var ruleParts: [String] {
        switch rule {
        case .documented(let entry): return ["documented", entry]
        case .vanished(let entry): return ["vanished", entry]
        case .crash(let ending, let message): return ["crash", ending, message]
        case .key(let role): return ["key", role.rawValue]
        case .behaviour(let direction, let type, let held, let departing, let others):
            return [direction.rawValue, type, held, departing, others]
        }
    }

    /// Reads a canonical text back.
    /// - Throws: `CauseKey.ParseError` naming what is wrong.
    package init(canonical text: String) throws(ParseError) {
        guard let colon = text.firstIndex(of: ":") else { throw ParseError(text: text, reason: "a cause is departs:rule, this one has no \":\"") }
        let who = String(text[..<colon])
        let departs = who == "-" ? [] : who.split(separator: "+").map { FindingClassKey.unescaped(String($0)) }
        let parts = text[text.index(after: colon)...].split(separator: "/", omittingEmptySubsequences: false).map { FindingClassKey.unescaped(String($0)) }
        let rule: Rule
        switch (parts.first, parts.count) {
        case ("documented", 2): rule = .documented(entry: parts[1])
        case ("vanished", 2): rule = .vanished(entry: parts[1])
        case ("crash", 3): rule = .crash(ending: parts[1], message: parts[2])
        case ("key", 2):
            guard let role = KeyRole(rawValue: parts[1]) else {
                throw ParseError(text: text, reason: "a key cause is key/<\(KeyRole.allCases.map(\.rawValue).joined(separator: "|"))>")
            }
            rule = .key(role: role)
        case (let first?, 5):
            guard let direction = Direction(rawValue: first) else { throw ParseError(text: text, reason: "unknown direction \"\(first)\"") }
            rule = .behaviour(direction: direction, type: parts[1], held: parts[2], departing: parts[3], others: parts[4])
        default:
            throw ParseError(text: text, reason: "unknown rule \"\(parts.joined(separator: "/"))\"")
        }
        self.init(departs: departs, rule: rule)
    }

    /// A canonical text that is not a cause.
    package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text.
        package let text: String
        /// What is wrong with it.
        package let reason: String
        package var description: String { "not a cause (\(reason)): \(text)" }
    }

    /// The canonical text as a file-name part: `:` and `/` as `.`, anything but letters, digits
    /// and `._=,+-` as `_`, at most 160 characters, then 8 digits of its digest.
    package var fileNamePart: String { FindingClassKey.fileNamePart(of: canonical.replacingColon) }

    /// The mappers in words: `planted`, `strict and lenient`, `every mapper alike`.
    package var departingText: String {
        switch departs.count {
        case 0: return "every mapper alike"
        case 1: return departs[0]
        default: return departs.dropLast().joined(separator: ", ") + " and " + (departs.last ?? "")
        }
    }

    /// One line for people; the class's title (`CauseWords`).
    package var description: String { CauseWords(self).title }

    /// Whether a result token says the mapper gave nothing there: nil, no value, a default.
    static func givesNothing(_ token: String) -> Bool {
        token == "nil" || token == "absent" || token.hasPrefix("default-")
    }

    package static func < (lhs: CauseKey, rhs: CauseKey) -> Bool {
        lhs.canonical.utf8.lexicographicallyPrecedes(rhs.canonical.utf8)
    }
}

private extension String {
    /// The text with `:` as `/`, which a file name writes as `.`.
    var replacingColon: String { String(map { $0 == ":" ? "/" : $0 }) }
}
