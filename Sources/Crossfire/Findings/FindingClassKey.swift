import FirestoreModel
import ModelSchema

/// What a maintainer would call one bug: the identity of a finding class.
///
/// Every finding of a run belongs to exactly one class, and a class is what the run reports,
/// counts, shrinks and pins. Its key holds:
/// - the **check** (decode, encode, round trip) and the **finding kind**;
/// - the **situation at the leaf** where the mappers first differ: the kind of container the
///   leaf sits in (struct field, array element, `[String: V]` value, enum-keyed entry, set
///   element, top level), whether it is a `@DocumentID` (read from the reference: what the
///   document holds there is `unread`), its Swift type family and what the input held there
///   (the document for decode; what was stored for encode and round trip). `@ServerTimestamp`
///   and `@ExplicitNull` are not part of it: they change only what nil and a missing key mean,
///   which each mapper's result already says;
/// - each mapper's **result at the leaf** (`LeafResult`): a value, nil, nothing, the kind it
///   stored, a failure kind (and whether below the leaf or without a path), a lenient default;
///   a mapper that failed only later got past the leaf, and counts as `nil` where the input held
///   nothing or null there, else as `value`;
/// - the **allowlist entry** that explains it (none for an unexpected class), so that a class
///   is either expected or not.
///
/// Field names, coding keys, depth, indexes, the random shape of the rest of the model and the
/// exact values are examples, never identity.
///
/// Two refinements keep one rule one class:
/// - a **presence** situation — the input or a mapper has nothing or nil there, or a mapper
///   reports a missing key or a null (`keyNotFound`, `valueNotFound`) — is about whether a value
///   is there at all, whatever its type (or whether it is optional: the reference's result says
///   what nil and a missing key mean there): its type is only `any`, what the
///   input held only `absent`, `null` or `present`, and what an encoder stored only `value` or
///   `nil`;
/// - a **conversion** situation (a value was there and was read or written differently) keeps
///   the type family (`TypeFamily`: every integer width is one family) and the exact Firestore
///   kind held, but not whether the property is optional (a value converts the same either way).
///
/// The key's canonical text (`canonical`) is its identity in journals, regression files,
/// `report.json` and the names of libFuzzer artifacts, e.g.
/// `decode/decodeDisagreement/structField/integer/double/codable=dataCorrupted,strict=value`.
package struct FindingClassKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The Swift side of a situation: a type family, or — for a presence situation — any type.
    package enum LeafType: Hashable, Sendable {
        /// A conversion at a type of this family.
        case family(TypeFamily)
        /// A presence situation: whether a value is there does not depend on its type.
        case any
        /// The leaf is not in the schema (an unknown key, a foreign tree).
        case outsideSchema

        /// `integer`, `any`, `unknown`.
        package var token: String {
            switch self {
            case .family(let family): return family.rawValue
            case .any: return "any"
            case .outsideSchema: return "unknown"
            }
        }

        init?(token: String) {
            switch token {
            case "any": self = .any
            case "unknown": self = .outsideSchema
            default:
                guard let family = TypeFamily(rawValue: token) else { return nil }
                self = .family(family)
            }
        }
    }

    /// What the input held at the leaf, as far as the class tells.
    package enum LeafHeld: Hashable, Sendable {
        /// Nothing: the key, element or entry was missing.
        case absent
        /// Null.
        case null
        /// Some value (a presence situation does not say which).
        case present
        /// A value of this Firestore kind.
        case kind(FirestoreValue.Kind)
        /// Whatever it is, no mapper reads it: a `@DocumentID` is read from the reference.
        case unread

        /// `absent`, `null`, `present`, `unread`, or the kind's name.
        package var token: String {
            switch self {
            case .absent: return "absent"
            case .null: return "null"
            case .present: return "present"
            case .kind(let kind): return kind.rawValue
            case .unread: return "unread"
            }
        }

        init?(token: String) {
            switch token {
            case "absent": self = .absent
            case "null": self = .null
            case "present": self = .present
            case "unread": self = .unread
            default:
                guard let kind = FirestoreValue.Kind(rawValue: token) else { return nil }
                self = .kind(kind)
            }
        }
    }

    /// One mapper's result at the leaf.
    package struct Outcome: Hashable, Sendable {
        /// The mapper's name.
        package var mapper: String
        /// What it did there.
        package var result: LeafResult

        /// Creates an outcome.
        package init(mapper: String, result: LeafResult) {
            self.mapper = mapper
            self.result = result
        }
    }

    /// The check that found it.
    package var check: CheckKind
    /// The finding kind.
    package var kind: FindingKind
    /// The container the leaf sits in.
    package var container: LeafContainer
    /// The leaf's property wrapper.
    package var wrapper: PropertyWrapper?
    /// The hand-written coding the leaf is coded with: other container calls, another rule.
    package var coding: FieldCoding?
    /// The leaf's type, as the class tells it.
    package var type: LeafType
    /// What the input held there, as the class tells it.
    package var held: LeafHeld
    /// Each mapper's result at the leaf, in the order of the finding's outcomes.
    package var outcomes: [Outcome]
    /// The id of the allowlist entry that explains the class; nil when it is unexpected.
    package var explanation: String?
    /// For an `expectationMissing` class: the id of the allowlist entry whose class is missing.
    package var missing: String?

    /// Creates a key from its parts (as written; see `init(discrepancy:explanation:schema:)`
    /// for the normalisation of presence and conversion situations).
    package init(check: CheckKind, kind: FindingKind, container: LeafContainer, wrapper: PropertyWrapper?, coding: FieldCoding? = nil,
                type: LeafType, held: LeafHeld, outcomes: [Outcome], explanation: String?, missing: String? = nil) {
        self.missing = missing
        self.check = check
        self.kind = kind
        self.container = container
        self.wrapper = wrapper
        self.coding = coding
        self.type = type
        self.held = held
        self.outcomes = outcomes
        self.explanation = explanation
    }

    /// The class of a discrepancy found in a case of `schema`, explained by the allowlist
    /// entry `explanation` (or by none).
    package init(discrepancy: Discrepancy, explanation: String?) {
        let facts = discrepancy.facts
        // A `@DocumentID` is read from the reference: what the document holds there plays no part.
        let unread = facts.wrapper == .documentID
        // A mapper that failed later got past the leaf: it accepted what the input held there,
        // so it counts as having produced nothing at a leaf outside the schema, nil where the
        // input held nothing or null, else a value.
        let passed: LeafResult = facts.type == nil ? .absent : facts.held.isAbsentOrNull ? .null : .value
        let results = discrepancy.outcomes.map { $0.result == .passed ? passed : $0.result }
        // The write path refusing a field's name is about the name, not about the value's type.
        let nameRefused = discrepancy.outcomes.contains { outcome in
            outcome.failure.map { $0.kind == .writeRejected && Self.nameRefusals.contains($0.found ?? "") } ?? false
        }
        let presence = (!unread && facts.held.isAbsentOrNull) || (discrepancy.input?.isAbsentOrNull ?? false)
            || results.contains(where: \.isPresence) || nameRefused
        let outcomes = results.indices.map { index in
            let isReference = index == 0 && results.count > 1
            let result = presence ? Self.presenceResult(results[index], isReference: isReference, nameRefused: nameRefused) : results[index]
            return Outcome(mapper: discrepancy.outcomes[index].mapper, result: result)
        }
        let type: LeafType
        if facts.type == nil {
            type = .outsideSchema
        } else if presence {
            type = .any
        } else {
            type = .family(facts.family ?? .structure)
        }
        let held: LeafHeld
        switch facts.held {
        case _ where unread: held = .unread
        case .absent: held = .absent
        case .stored(.null), .model(.null): held = nameRefused ? .present : .null
        case .stored(let value): held = presence ? .present : .kind(value.kind)
        case .model: held = .present
        }
        // `@ServerTimestamp` and `@ExplicitNull` change only what nil and a missing key mean,
        // which each mapper's result already says; `@DocumentID` changes where the value comes from.
        // A hand-written coding changes the calls a value is converted with, not whether one is
        // there: it is part of a conversion's class only.
        self.init(check: discrepancy.check, kind: discrepancy.kind, container: facts.container, wrapper: unread ? .documentID : nil,
                  coding: presence ? nil : facts.coding, type: type, held: held, outcomes: outcomes, explanation: explanation,
                  missing: discrepancy.expectation?.entry)
    }

    /// A mapper's result in a presence situation, reduced to what the rule depends on:
    /// - the reference's only as `accepted` or `refused`: which error it throws, or whether it
    ///   reads nil or a value, depends on the property's type (an optional reads a null as nil,
    ///   a required property throws `valueNotFound`, a `DocumentReference` an error without a
    ///   path) — the bug is the other mapper's;
    /// - what an encoder stored only as a value or nil, whatever its kind;
    /// - and where the write path refused a field's name, nil as a value: the name is refused
    ///   whatever its value.
    private static func presenceResult(_ result: LeafResult, isReference: Bool, nameRefused: Bool) -> LeafResult {
        if isReference { return result.acceptedOrRefused }
        switch result {
        case .stored(.null), .null: return nameRefused ? .value : .null
        case .stored: return .value
        default: return result
        }
    }

    /// The write path's refusals of a field's name (`WritePathError.Kind`, as `MappingFailure.found` holds them).
    static let nameRefusals: Set<String> = ["emptyFieldName", "reservedFieldName", "invalidFieldPath"]

    /// Whether no allowlist entry explains the class.
    package var isUnexpected: Bool { explanation == nil }

    /// Whether its examples replay only in a worker process (`--isolate`): a crash would end an
    /// in-process replay too.
    package var replaysInIsolation: Bool { kind == .crash }

    // MARK: The canonical text

    /// The identity as text: `check/kind/container[+Wrapper|+coding]/type/held/mapper=result,…[/expected=id|/missing=id]`.
    package var canonical: String {
        let place = container.rawValue + (wrapper.map { "+" + $0.rawValue } ?? "") + (coding.map { "+" + $0.rawValue } ?? "")
        var parts = [check.rawValue, kind.rawValue, place, type.token, held.token]
        parts.append(outcomes.map { Self.escaped($0.mapper) + "=" + $0.result.token }.joined(separator: ","))
        if let explanation { parts.append("expected=" + Self.escaped(explanation)) }
        if let missing { parts.append("missing=" + Self.escaped(missing)) }
        return parts.joined(separator: "/")
    }

    /// Reads a key's canonical text back.
    /// - Throws: `FindingClassKey.ParseError` naming the part that is wrong.
    package init(canonical text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 6 || parts.count == 7 else {
            throw ParseError(text: text, reason: "a class key has 6 or 7 parts separated by \"/\", this one \(parts.count)")
        }
        guard let check = CheckKind(rawValue: parts[0]) else { throw ParseError(text: text, reason: "unknown check \"\(parts[0])\"") }
        guard let kind = FindingKind(rawValue: parts[1]) else { throw ParseError(text: text, reason: "unknown finding kind \"\(parts[1])\"") }
        let place = parts[2].split(separator: "+", maxSplits: 1).map(String.init)
        guard let containerName = place.first, let container = LeafContainer(rawValue: containerName) else {
            throw ParseError(text: text, reason: "unknown container \"\(parts[2])\"")
        }
        var wrapper: PropertyWrapper?
        var coding: FieldCoding?
        if place.count == 2 {
            if let named = PropertyWrapper(rawValue: place[1]) {
                wrapper = named
            } else if let named = FieldCoding(rawValue: place[1]) {
                coding = named
            } else {
                throw ParseError(text: text, reason: "unknown wrapper or coding \"\(place[1])\"")
            }
        }
        guard let type = LeafType(token: parts[3]) else { throw ParseError(text: text, reason: "unknown leaf type \"\(parts[3])\"") }
        guard let held = LeafHeld(token: parts[4]) else { throw ParseError(text: text, reason: "unknown held value \"\(parts[4])\"") }
        var outcomes: [Outcome] = []
        for item in parts[5].split(separator: ",", omittingEmptySubsequences: true) {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, let result = LeafResult(token: pair[1]) else {
                throw ParseError(text: text, reason: "an outcome must be mapper=result, found \"\(item)\"")
            }
            outcomes.append(Outcome(mapper: Self.unescaped(pair[0]), result: result))
        }
        var explanation: String?
        var missing: String?
        if parts.count == 7 {
            if parts[6].hasPrefix("expected="), parts[6].count > "expected=".count {
                explanation = Self.unescaped(String(parts[6].dropFirst("expected=".count)))
            } else if parts[6].hasPrefix("missing="), parts[6].count > "missing=".count {
                missing = Self.unescaped(String(parts[6].dropFirst("missing=".count)))
            } else {
                throw ParseError(text: text, reason: "the seventh part must be expected=<allowlist id> or missing=<allowlist id>, found \"\(parts[6])\"")
            }
        }
        self.init(check: check, kind: kind, container: container, wrapper: wrapper, coding: coding, type: type, held: held,
                  outcomes: outcomes, explanation: explanation, missing: missing)
    }

    /// A canonical text that is not a class key.
    package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text.
        package let text: String
        /// What is wrong with it.
        package let reason: String
        package var description: String { "not a finding class key (\(reason)): \(text)" }
    }

    /// A short stable digest of the canonical text (FNV-1a, 64 bits, as 16 hex digits).
    package var digest: String { Self.digest(of: canonical) }

    /// The FNV-1a digest (64 bits, as 16 hex digits) of a text.
    static func digest(of text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The canonical text as a file-name part: `/` as `.`, anything but letters, digits and
    /// `._=,+-` as `_`, at most 160 characters, then the first 8 digits of `digest` (so two
    /// keys cut to the same text still differ).
    package var fileNamePart: String { Self.fileNamePart(of: canonical) }

    /// A canonical text as a file-name part (see `fileNamePart`).
    static func fileNamePart(of canonical: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._=,+-")
        let text = String(canonical.map { $0 == "/" ? "." : (allowed.contains($0) ? $0 : "_") }.prefix(160))
        return text + "-" + String(digest(of: canonical).prefix(8))
    }

    // MARK: For people

    /// One line for people: `decodeDisagreement: integer in a struct field, the document holds
    /// double — codable dataCorrupted, strict value`.
    package var description: String {
        let missed = missing.map { " (no \($0) class)" } ?? ""
        return "\(kind.rawValue): \(situationText) — " + outcomes.map { "\($0.mapper) \($0.result)" }.joined(separator: ", ") + missed
    }

    /// The situation in words: `value in a struct field, nothing in the document`; for a crash,
    /// the check it happened in.
    package var situationText: String {
        if kind == .crash { return "in the \(check.rawValue) check" }
        var text = wrapper.map { "@\($0.rawValue) " } ?? ""
        if let coding { text = "(coded \(coding.rawValue)) " }
        switch type {
        case .family(let family): text += family.title
        case .any: text += "value"
        case .outsideSchema: text += "value outside the schema"
        }
        text += " " + Self.containerPhrase(container)
        let source = check == .decode ? "the document" : "storage"
        switch held {
        case .absent: text += ", nothing in \(source)"
        case .null: text += ", null in \(source)"
        case .present: text += ", a value in \(source)"
        case .kind(let kind): text += check == .decode ? ", the document holds \(kind.rawValue)" : ", stored as \(kind.rawValue)"
        case .unread: text += ", read from the reference"
        }
        return text
    }

    /// `in a struct field`, `in an array element`, `at the top level`.
    static func containerPhrase(_ container: LeafContainer) -> String {
        switch container {
        case .topLevel: return "at the top level"
        case .arrayElement, .enumKeyedKey, .enumKeyedValue, .intKeyedValue: return "in an \(container.title)"
        default: return "in a \(container.title)"
        }
    }

    package static func < (lhs: FindingClassKey, rhs: FindingClassKey) -> Bool {
        lhs.canonical.utf8.lexicographicallyPrecedes(rhs.canonical.utf8)
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%", "/", ",", "=", "+": result += "%" + String(scalar.value, radix: 16, uppercase: true)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func unescaped(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            var digits = ""
            for _ in 0..<2 { if let digit = scalars.next() { digits.unicodeScalars.append(digit) } }
            if let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
                result.unicodeScalars.append(decoded)
            } else {
                result += "%" + digits
            }
        }
        return result
    }
}
