import FirestoreCodable
import FirestoreModel
import Foundation
import ModelSchema

/// The comparisons of one `LegacyMapperCheck` case, collecting the disagreements.
///
/// Values are compared through their stored form (`LegacyStoredForm`: what `Firestore.Encoder`
/// and the write path store, server timestamps filled with one time, `@DocumentID`s added), so
/// models need not be `Equatable`, a NaN read by both is no disagreement, and every field that
/// differs is its own disagreement. Each disagreement gets its cause and hint from its facts —
/// the values, the document, the property declared at the field, and what probing the legacy
/// read with the document changed shows (`LegacyReadProbe`) — and the allowlist's explanation
/// when it has one.
struct LegacyComparison<Model: Codable> {
    let reference: DocumentReference
    let serverTime: Timestamp
    let schema: ModelSchema
    let allowlist: LegacyCheckAllowlist
    /// The legacy read over changed documents.
    let probe: LegacyReadProbe<Model>
    private var found: [LegacyDisagreement] = []
    /// The document both mappers read, once `compareReads` has compared them.
    private var document: FirestoreMap?
    /// When the legacy mapper's write ran (widened by a millisecond each way): a timestamp it
    /// wrote from within is the client's clock.
    private var legacyWriteTime: ClosedRange<Date>?

    /// The disagreements so far. Within one case, a field has one cause between the two
    /// mappers: where the values show a specific one at a field (the document ID, the server
    /// timestamp, a coordinate map, null for nil, a refused write), the unexplained
    /// disagreements between the mappers there that show only a difference take it, so that one
    /// bug is one class. Codable's own round trip keeps its cause.
    var disagreements: [LegacyDisagreement] {
        let unifiable = { (disagreement: LegacyDisagreement) in disagreement.kind != .codableRoundTrip && disagreement.explainedBy == nil }
        var specific: [String: LegacyDisagreement] = [:]
        for disagreement in found where unifiable(disagreement) && disagreement.cause.namesTheBug && specific[disagreement.field] == nil {
            specific[disagreement.field] = disagreement
        }
        return found.map { disagreement in
            guard unifiable(disagreement), disagreement.cause.isDifferenceOnly, let strongest = specific[disagreement.field] else { return disagreement }
            var unified = disagreement
            unified.cause = strongest.cause
            unified.hint = strongest.hint
            return unified
        }
    }

    init(reference: DocumentReference, serverTime: Timestamp, schema: ModelSchema, allowlist: LegacyCheckAllowlist, probe: LegacyReadProbe<Model>) {
        self.reference = reference
        self.serverTime = serverTime
        self.schema = schema
        self.allowlist = allowlist
        self.probe = probe
    }

    /// A value's stored form, or why it has none.
    typealias Form = Result<FirestoreMap, LegacyStoredForm.Failure>

    /// The stored forms of what each mapper read, made once by `compareReads` (nil for a
    /// failed read), for the writes and for the case's description.
    private(set) var readForms: (codable: Form?, legacy: Form?) = (nil, nil)

    /// The two reads of one document.
    mutating func compareReads(of document: FirestoreMap, codable: Result<Model, MappingFailure>, legacy: Result<Model, LegacyMapperFailure>) {
        self.document = document
        readForms = ((try? codable.get()).map(form), (try? legacy.get()).map(form))
        switch (codable, legacy, readForms.codable, readForms.legacy) {
        case (.failure(let failure), _, _, let legacyStored?):
            let legacyForm = (try? legacyStored.get()) ?? storableLegacyRead(of: document, unstorable: legacyStored, codableFailure: failure.path)
            let place = legacyForm.map { Self.firstMissing(on: failure.path, in: $0) } ?? failure.path
            let read = legacyForm?.value(at: place)
            add(.legacyAcceptsInvalid, at: place, codable: nil, legacy: read, codableFailure: failure.kind,
                detail: "Codable fails with \(failure.kind.rawValue) (\(failure.message)); the legacy mapper reads \(LegacyValueText.text(read))")
        case (.success(let value), .failure(let failure), _?, _):
            let encoded = try? LegacyStoredForm.stored({ try Firestore.Encoder().encode(value) }, serverTime: serverTime).get()
            let readFix = probe.fieldsMakingItRead(document, codableForm: encoded)
            add(.legacyRejectsValid, at: .root, codable: nil, legacy: nil,
                detail: "Codable reads the document; the legacy mapper \(failure)") { $0.readFix = readFix }
        case (_, _, let codableForm?, let legacyForm?):
            compare(codableForm, legacyForm, as: .differentValues) { "Codable reads \($0), the legacy mapper \($1)" }
        default:
            break
        }
    }

    /// Where what the legacy mapper read cannot be stored because of another top-level field
    /// than the one Codable fails at (a date beyond Firestore's range), its read of the document
    /// with that field given a valid value: what it reads at Codable's failure.
    private func storableLegacyRead(of document: FirestoreMap, unstorable: Form, codableFailure path: ValuePath) -> FirestoreMap? {
        guard case .failure(let failure) = unstorable, case .key(let key)? = failure.path.components.first,
              path.components.first != .key(key)
        else { return nil }
        return probe.storableRead(of: document, validAt: key)
    }

    /// The two writes of one value, compared as stored, and each mapper reading back what it
    /// wrote. Each mapper writes the value once.
    mutating func compareWrites(
        of value: Model, legacyRead: (DocumentSnapshot) -> Result<Model, LegacyMapperFailure>,
        legacyEncode: LegacyMapperCheck<Model>.LegacyEncode?
    ) {
        let valueForm = readForms.codable ?? form(value)
        let codable = LegacyStoredForm.stored({ try Firestore.Encoder().encode(value) }, serverTime: serverTime)
        var legacy: Form?
        if let legacyEncode {
            let start = Date()
            legacy = LegacyStoredForm.stored({ try legacyEncode(value) }, serverTime: serverTime)
            legacyWriteTime = start.addingTimeInterval(-0.001)...Date().addingTimeInterval(0.001)
        }
        if let legacy { compareStored(codable, legacy) }
        if case .success(let fields) = codable {
            let snapshot = DocumentSnapshot(reference: reference, fields: fields)
            let readBack = Result { try snapshot.data(as: Model.self) }.mapError(MappingFailure.init(codingError:))
            compareReadBack(of: valueForm, readBack.mapError { ReadBackFailure(path: $0.path, kind: $0.kind, text: "\($0)") }, kind: .codableRoundTrip)
        }
        if case .success(let fields)? = legacy {
            let readBack = legacyRead(DocumentSnapshot(reference: reference, fields: fields))
            // A read-back that gives up is a legacy read that gives up: named by the fields whose
            // change (towards what Codable writes) makes it read.
            let readFix = (try? readBack.get()) == nil ? probe.fieldsMakingItRead(fields, codableForm: try? codable.get()) : nil
            compareReadBack(
                of: valueForm, readBack.mapError { ReadBackFailure(path: .root, kind: nil, text: "it \($0)") }, kind: .legacyRoundTrip, readFix: readFix)
        }
    }

    private mutating func compareStored(_ codable: Result<FirestoreMap, LegacyStoredForm.Failure>, _ legacy: Result<FirestoreMap, LegacyStoredForm.Failure>) {
        switch (codable, legacy) {
        case (.success(let codable), .success(let legacy)):
            addDifferences(.differentEncodings, codable, legacy) { "Codable stores \($0), the legacy mapper \($1)" }
        case (.failure(let failure), .success(let legacy)):
            let place = Self.coordinateAncestor(of: failure.path, in: [legacy]) ?? failure.path
            add(.differentEncodings, at: place, codable: nil, legacy: legacy.value(at: place), refused: true,
                detail: "Codable cannot write the value (\(failure)); the legacy mapper can") { $0.encoderRefusedNonFinite = failure.nonFiniteRefused }
        case (.success(let codable), .failure(let failure)):
            let place = Self.coordinateAncestor(of: failure.path, in: [codable]) ?? failure.path
            add(.differentEncodings, at: place, codable: codable.value(at: place), legacy: nil, refused: true,
                detail: "Codable writes the value; the legacy mapper's data is not stored: \(failure)")
        case (.failure, .failure):
            break
        }
    }

    private mutating func compareReadBack(
        of valueForm: Form, _ readBack: Result<Model, ReadBackFailure>, kind: LegacyDisagreement.Kind, readFix: LegacyReadFix? = nil
    ) {
        let mapper = kind == .codableRoundTrip ? "Codable" : "the legacy mapper"
        switch readBack {
        case .failure(let failure):
            add(kind, at: failure.path, codable: try? valueForm.get().value(at: failure.path), legacy: nil, codableFailure: failure.kind,
                readBackFailed: true, detail: "\(mapper) cannot read back what it wrote: \(failure.text)") { $0.readFix = readFix }
        case .success(let back):
            compare(valueForm, form(back), as: kind) { "\(mapper) wrote \($0) and read back \($1)" }
        }
    }

    /// Compares two values through their stored forms, one disagreement per differing field.
    private mutating func compare(_ first: Form, _ second: Form, as kind: LegacyDisagreement.Kind, detail: (String, String) -> String) {
        switch (first, second) {
        case (.success(let left), .success(let right)):
            addDifferences(kind, left, right, detail: detail)
        case (.failure(let left), .failure(let right)) where left == right:
            break
        case (.failure(let failure), .success(let right)):
            let place = Self.coordinateAncestor(of: failure.path, in: [right]) ?? failure.path
            add(kind, at: place, codable: nil, legacy: right.value(at: place),
                detail: detail("a value that cannot be stored (\(failure))", LegacyValueText.text(right.value(at: place))))
        case (.success(let left), .failure(let failure)):
            let place = Self.coordinateAncestor(of: failure.path, in: [left]) ?? failure.path
            add(kind, at: place, codable: left.value(at: place), legacy: nil,
                detail: detail(LegacyValueText.text(left.value(at: place)), "a value that cannot be stored (\(failure))"))
        case (.failure(let left), .failure(let right)):
            add(kind, at: .root, codable: nil, legacy: nil, detail: detail("a value that cannot be stored (\(left))", "one that cannot be stored (\(right))"))
        }
    }

    /// One disagreement per field where two stored forms differ; differences inside a
    /// `{latitude, longitude}` map (on either side) are one disagreement at the map.
    private mutating func addDifferences(
        _ kind: LegacyDisagreement.Kind, _ left: FirestoreMap, _ right: FirestoreMap, detail: (String, String) -> String
    ) {
        var coordinates: Set<ValuePath> = []
        for difference in StoredValueDifference.all(left, right) {
            let place = Self.coordinateAncestor(of: difference.path, in: [left, right]) ?? difference.path
            if place != difference.path && !coordinates.insert(place).inserted { continue }
            let (codable, legacy) = place == difference.path
                ? (difference.beforeValue, difference.afterValue) : (left.value(at: place), right.value(at: place))
            add(kind, at: place, codable: codable, legacy: legacy, detail: detail(LegacyValueText.text(codable), LegacyValueText.text(legacy)))
        }
    }

    /// The shortest path on the way to `path` that `form` has nothing at: where a legacy
    /// mapper's default stands for a whole value (a coordinate it reads as nil when Codable fails
    /// inside it); `path` itself when `form` has every step.
    private static func firstMissing(on path: ValuePath, in form: FirestoreMap) -> ValuePath {
        var prefix = ValuePath.root
        for component in path.components {
            prefix = prefix.appending(component)
            if form.value(at: prefix) == nil { return prefix }
        }
        return path
    }

    /// The path, or the nearest path above it, that holds a `{latitude, longitude}` map in one
    /// of the stored forms; nil when none does.
    private static func coordinateAncestor(of path: ValuePath, in forms: [FirestoreMap]) -> ValuePath? {
        var place = path
        while !place.isRoot {
            if forms.contains(where: { LegacyCauseFacts.isLatitudeLongitudeMap($0.value(at: place)) }) { return place }
            place = place.parent
        }
        return nil
    }

    private func form(_ value: Model) -> Form {
        LegacyStoredForm.of(value, serverTime: serverTime)
    }

    /// Adds a disagreement, its facts completed by `more` and by probing the legacy read where
    /// it read the document.
    private mutating func add(
        _ kind: LegacyDisagreement.Kind, at path: ValuePath, codable: FirestoreValue?, legacy: FirestoreValue?,
        codableFailure: FailureKind? = nil, readBackFailed: Bool = false, refused: Bool = false, detail: String,
        more: (inout LegacyCauseFacts) -> Void = { _ in }
    ) {
        var facts = LegacyCauseFacts(
            kind: kind, field: schema.schemaPath(of: path), codable: codable, legacy: legacy, codableFailure: codableFailure,
            readBackFailed: readBackFailed, writeRefused: refused, documentID: reference.documentID, serverTime: serverTime,
            property: LegacyProperty(at: path, in: schema))
        if facts.isWrite, case .timestamp(let written)? = legacy, let legacyWriteTime {
            facts.legacyWroteClientClock = legacyWriteTime.contains(written.dateValue())
        }
        if let document, kind == .legacyAcceptsInvalid || kind == .differentValues {
            facts.stored = document.value(at: path)
            facts.bridging = bridging(in: document, at: path, kind: kind, legacy: legacy)
            facts.refusedStoredForm = kind == .differentValues && facts.bridging == nil
                && probe.refusesOnlyTheStoredForm(in: document, at: path, codableValue: codable, reading: legacy)
        }
        more(&facts)
        let field = facts.readFix?.fields ?? facts.field
        facts.field = field
        found.append(LegacyDisagreement(
            kind: kind, path: path, field: field, cause: facts.cause, detail: detail, hint: facts.hint,
            explainedBy: allowlist.entry(explaining: facts, type: schema.fieldType(at: path))))
    }

    /// The NSNumber bridging the legacy read shows at `path`, in words: where Codable refuses
    /// the document, a stored boolean or number the legacy mapper reads as another kind (what it
    /// reads follows what is stored); where both read it, a number it refuses only for not being
    /// held exactly by its type.
    private func bridging(in document: FirestoreMap, at path: ValuePath, kind: LegacyDisagreement.Kind, legacy: FirestoreValue?) -> String? {
        if kind == .differentValues {
            return probe.refusedInexactNumber(in: document, at: path, reading: legacy).map(NSNumberBridging.refusedInexact)
        }
        guard let stored = document.value(at: path), let type = schema.fieldType(at: path)?.unwrapped,
              probe.readsStoredValue(in: document, at: path, reading: legacy)
        else { return nil }
        return NSNumberBridging.acceptedKind(swiftType: type.description, held: stored.kind.rawValue)
    }
}

/// Why a mapper could not read back what it wrote: where (the root when the mapper does not
/// say), the Codable error's kind, and the failure in words.
private struct ReadBackFailure: Error {
    let path: ValuePath
    let kind: FailureKind?
    let text: String
}
