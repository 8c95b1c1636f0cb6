import FirestoreCodable
import FirestoreModel

/// Probes of a team's legacy read: the case's document with one field changed, read again, so
/// that a class is named from what the legacy mapper does rather than from one outcome's shape —
/// a stored value it converts (NSNumber bridging) rather than a default, a number it refuses only
/// for not holding it exactly, and the fields that keep it from reading a document at all.
struct LegacyReadProbe<Model: Codable> {
    /// The legacy mapper's read of a stored document.
    let read: (FirestoreMap) -> Result<Model, LegacyMapperFailure>
    /// The coding keys of the model's top-level fields, probed even where neither the document
    /// nor Codable's form has them.
    let keys: [String]
    /// Valid documents of the schema: where a probed document lacks a field, the first of these
    /// that has it gives it a value.
    let samples: [FirestoreMap]
    /// The server time stored forms are made with.
    let serverTime: Timestamp

    /// Whether the legacy mapper reads the stored boolean or number at `path` rather than putting
    /// a default there: the other boolean (a number: 0 or 1) stored instead changes what it reads.
    func readsStoredValue(in document: FirestoreMap, at path: ValuePath, reading legacyValue: FirestoreValue?) -> Bool {
        guard let stored = document.value(at: path), let contrast = Self.contrast(of: stored),
              let changed = Self.replacing(path, in: document, with: contrast), let after = readValue(changed, at: path)
        else { return false }
        return after != legacyValue
    }

    /// The Swift type whose `as?` refuses the stored number at `path` only because it does not
    /// hold it exactly, and the stored kind: the nearest number it holds, stored instead, is read
    /// as that number. Nil when the legacy mapper reads the number, or refuses more than that.
    func refusedInexactNumber(in document: FirestoreMap, at path: ValuePath, reading legacyValue: FirestoreValue?) -> (swiftType: String, held: String)? {
        guard let stored = document.value(at: path) else { return nil }
        for (swiftType, exact) in Self.nearestExact(to: stored) where !Self.sameNumber(exact, legacyValue) {
            guard let changed = Self.replacing(path, in: document, with: exact), case let read?? = readValue(changed, at: path) else { continue }
            if Self.sameNumber(exact, read) { return (swiftType, stored.kind.rawValue) }
        }
        return nil
    }

    /// Whether the legacy mapper refuses the stored value at `path` only for its form: stored as
    /// another kind than Firestore.Encoder writes for what Codable read there (`codableValue`,
    /// say a `{seconds, nanoseconds}` map where a timestamp is written), which Codable reads,
    /// and read as Codable reads it once stored in that form.
    func refusesOnlyTheStoredForm(in document: FirestoreMap, at path: ValuePath, codableValue: FirestoreValue?, reading legacyValue: FirestoreValue?) -> Bool {
        guard let stored = document.value(at: path), let codableValue, stored.kind != codableValue.kind, legacyValue != codableValue,
              let changed = Self.replacing(path, in: document, with: codableValue), case let read?? = readValue(changed, at: path)
        else { return false }
        return read == codableValue
    }

    /// The stored form of the legacy mapper's read of `document` with the top-level field `key`
    /// given a sample's valid value (left out when no sample has one); nil when it then gives
    /// up or what it reads still cannot be stored.
    func storableRead(of document: FirestoreMap, validAt key: String) -> FirestoreMap? {
        var changed = document
        changed[key] = samples.lazy.compactMap { $0[key] }.first
        guard let model = try? read(changed).get() else { return nil }
        return try? LegacyStoredForm.of(model, serverTime: serverTime).get()
    }

    /// The top-level fields whose change makes the legacy mapper read a document it gives up
    /// on: each field alone, left out, given what Firestore.Encoder writes for Codable's value
    /// (`codableForm`), or given a value when missing; when no field alone does, the fewest of
    /// those changes together. Nil when no change tried makes it read.
    func fieldsMakingItRead(_ document: FirestoreMap, codableForm: FirestoreMap?) -> LegacyReadFix? {
        let keys = Set(document.keys).union(codableForm?.keys ?? []).union(self.keys).sorted()
        var alone: [LegacyReadFix.Change] = []
        for key in keys {
            if let change = candidates(for: key, in: document, codableForm: codableForm).first(where: { reads(applying: [$0], to: document) }) {
                alone.append(change)
            }
        }
        if !alone.isEmpty { return LegacyReadFix(changes: alone) }
        var together = keys.compactMap { candidates(for: $0, in: document, codableForm: codableForm).first { $0.kind != .dropped } }
        guard reads(applying: together, to: document) else { return nil }
        for change in together where reads(applying: together.filter { $0 != change }, to: document) {
            together.removeAll { $0 == change }
        }
        return LegacyReadFix(changes: together)
    }

    /// The changes tried on one field: left out (when there), Codable's form (when it has the field
    /// and it differs), a sample's value (when missing or null in both).
    private func candidates(for key: String, in document: FirestoreMap, codableForm: FirestoreMap?) -> [LegacyReadFix.Change] {
        var changes: [LegacyReadFix.Change] = []
        if document[key] != nil { changes.append(LegacyReadFix.Change(field: key, kind: .dropped, value: nil)) }
        if let codableForm, let encoded = codableForm[key], encoded != document[key] {
            changes.append(LegacyReadFix.Change(field: key, kind: .codableForm, value: encoded))
        }
        if (document[key] ?? .null) == .null, (codableForm?[key] ?? .null) == .null,
           let sample = samples.lazy.compactMap({ $0[key] }).first(where: { $0 != .null }) {
            changes.append(LegacyReadFix.Change(field: key, kind: .given, value: sample))
        }
        return changes
    }

    private func reads(applying changes: [LegacyReadFix.Change], to document: FirestoreMap) -> Bool {
        var changed = document
        for change in changes { changed[change.field] = change.value }
        return (try? read(changed).get()) != nil
    }

    /// What the legacy mapper reads at `path` from a document, as stored; nil when it gives up
    /// or its value cannot be stored.
    private func readValue(_ document: FirestoreMap, at path: ValuePath) -> FirestoreValue?? {
        guard let model = try? read(document).get(), let form = try? LegacyStoredForm.of(model, serverTime: serverTime).get() else { return nil }
        return .some(form.value(at: path))
    }

    private static func replacing(_ path: ValuePath, in document: FirestoreMap, with value: FirestoreValue) -> FirestoreMap? {
        guard case .map(let changed)? = FirestoreValue.map(document).editing(path.components[...], replacement: value) else { return nil }
        return changed
    }

    /// The other boolean; for a number, 0 or 1 (whichever it is not).
    private static func contrast(of value: FirestoreValue) -> FirestoreValue? {
        switch value {
        case .boolean(let flag): return .boolean(!flag)
        case .integer(let number): return .integer(number == 0 ? 1 : 0)
        case .double(let number): return .double(number == 0 ? 1 : 0)
        default: return nil
        }
    }

    /// The numbers near a stored one that a Swift type holds exactly where it does not, each
    /// with the type: for an integer no `Double` holds exactly, the one with its low bits
    /// cleared (a `Double`); for a number no `Float` holds exactly, the nearest `Float` (stored
    /// as the same kind). The `Double` first: what a `Float` holds, a `Double` holds too.
    private static func nearestExact(to value: FirestoreValue) -> [(String, FirestoreValue)] {
        var candidates: [(String, FirestoreValue)] = []
        switch value {
        case .integer(let number):
            if Double(exactly: number) == nil { candidates.append(("Double", .integer(number & ~0x7FF))) }
            // Near Int64.max the nearest Float is 2⁶³, which no Int64 holds: the one below it.
            if Float(exactly: number) == nil, let nearest = Int64(exactly: Float(number)) ?? Int64(exactly: Float(number).nextDown) {
                candidates.append(("Float", .integer(nearest)))
            }
        case .double(let number) where number.isFinite && Float(exactly: number) == nil && abs(number) <= Double(Float.greatestFiniteMagnitude):
            candidates.append(("Float", .double(Double(Float(number)))))
        default:
            break
        }
        return candidates
    }

    /// Whether two stored values are the same number, whatever kind each is stored as (a `Float`
    /// property stores an integer it read as a double); −0.0 is not 0.0.
    private static func sameNumber(_ a: FirestoreValue?, _ b: FirestoreValue?) -> Bool {
        switch (a, b) {
        case let (.integer(x)?, .integer(y)?): return x == y
        case let (.integer(x)?, .double(y)?), let (.double(y)?, .integer(x)?): return Double(exactly: x) == y
        case let (.double(x)?, .double(y)?): return x == y && x.sign == y.sign
        default: return false
        }
    }
}

/// The fields whose change makes a legacy read that gave up succeed, each with its change.
struct LegacyReadFix: Hashable {
    /// How a field was changed.
    enum Kind: Hashable {
        /// Left out of the document.
        case dropped
        /// Given what Firestore.Encoder writes for the value Codable read.
        case codableForm
        /// Missing or null in the document and in Codable's form, given a valid value.
        case given
    }

    /// One field's change.
    struct Change: Hashable {
        let field: String
        let kind: Kind
        let value: FirestoreValue?
    }

    /// The changes, in field order.
    let changes: [Change]

    /// The fields, for a class: `bio`, `bio, count`.
    var fields: String { changes.map { ValuePath.quotedSegment($0.field) }.joined(separator: ", ") }
}
