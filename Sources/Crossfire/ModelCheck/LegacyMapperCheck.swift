import FirestoreCodable
import FirestoreModel
import ModelSchema

/// Checks a team's own model type, mapped with Codable (`DocumentSnapshot.data(as:)`,
/// `Firestore.Encoder`), against the team's own legacy dictionary mapper, on generated
/// documents — valid ones and ones with injected faults — and reports every disagreement,
/// minimized (the seed guide's `User(_:data:)` mapper in this example):
///
/// ```swift
/// let check = try LegacyMapperCheck(User.self,
///     decode: { snapshot in User(snapshot.documentID, data: snapshot.data() ?? [:]) },
///     encode: { $0.dictionary })
/// let report = check.run(cases: 2_000, seed: 1)
/// #expect(report.findings.isEmpty, "\(report)")
/// ```
///
/// The documents follow the model's schema, derived from the type by `SchemaProbe` unless one
/// is given. Each case decodes the document with both mappers (the legacy mapper gets a
/// `LegacySnapshot`, whose `data()` is what the SDK hands an app on iOS, numbers as
/// `NSNumber`); when the Codable mapper decodes it,
/// the value is also written by both mappers (compared as stored by the write path, server
/// timestamps filled in) and read back by each. Cases are made from a `ChoiceSource`, so every
/// finding replays from its choices and shrinks by them.
public struct LegacyMapperCheck<Model: Codable & Equatable> {
    /// The legacy mapper's read: a model from a snapshot, or nil (or an error) when it gives up.
    public typealias LegacyDecode = (LegacySnapshot) throws -> Model?
    /// The legacy mapper's write: the data an app hands `setData`.
    public typealias LegacyEncode = (Model) throws -> [String: Any]

    /// The schema the documents follow.
    public let schema: ModelSchema
    /// The share of cases whose document gets injected faults (0…1).
    public var faultyShare: Double
    /// The most candidates shrinking one finding tries: the bound that makes a run repeat
    /// exactly.
    public var shrinkAttempts: Int
    /// How long shrinking one finding may take at most, a backstop behind `shrinkAttempts`.
    public var shrinkTimeLimit: Duration
    private let legacyDecode: LegacyDecode
    private let legacyEncode: LegacyEncode?
    private let generator: DocumentGenerator
    private let mutator: Mutator
    /// The server time filled into server timestamps written by either mapper.
    private static var serverTime: Timestamp { Timestamp(seconds: 1_700_000_000, nanoseconds: 0) }

    /// A check of `type` against a legacy mapper. Without `encode`, only reading is compared.
    /// - Throws: `SchemaProbeError` when no schema is given and the type's cannot be derived.
    public init(
        _ type: Model.Type, schema: ModelSchema? = nil, profile: GenerationProfile = .default, faultyShare: Double = 0.5,
        shrinkAttempts: Int = 1_000, shrinkTimeLimit: Duration = .seconds(30), decode: @escaping LegacyDecode,
        encode: LegacyEncode? = nil
    ) throws(SchemaProbeError) {
        let resolved: ModelSchema
        if let schema {
            resolved = schema
        } else {
            resolved = try SchemaProbe.schema(of: type)
        }
        self.schema = resolved
        self.faultyShare = faultyShare
        self.shrinkAttempts = shrinkAttempts
        self.shrinkTimeLimit = shrinkTimeLimit
        self.legacyDecode = decode
        self.legacyEncode = encode
        generator = DocumentGenerator(schema: resolved, profile: profile)
        mutator = Mutator(schema: resolved, profile: profile)
    }

    /// Runs `cases` cases from `seed`; each new disagreement is shrunk to its smallest case.
    /// The same check, cases and seed give the same report.
    public func run(cases: Int = 1_000, seed: UInt64 = 1) -> LegacyCheckReport {
        var findings: [String: LegacyCheckFinding] = [:]
        var order: [String] = []
        var faultyCases = 0
        for index in 0..<max(0, cases) {
            var source = ChoiceSource(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            let checked = check(from: &source)
            if !checked.faults.isEmpty { faultyCases += 1 }
            for disagreement in checked.disagreements {
                if findings[disagreement.signature] != nil {
                    findings[disagreement.signature]?.occurrences += 1
                    continue
                }
                order.append(disagreement.signature)
                let example = shrink(checked, keeping: disagreement.signature)
                let shown = example.disagreements.first { $0.signature == disagreement.signature } ?? disagreement
                findings[disagreement.signature] = LegacyCheckFinding(disagreement: shown, occurrences: 1, example: example)
            }
        }
        return LegacyCheckReport(
            cases: max(0, cases), faultyCases: faultyCases, seed: seed, findings: order.compactMap { findings[$0] })
    }

    /// One case, replayed from its choices.
    public func check(choices: [UInt64]) -> LegacyCheckCase {
        var source = ChoiceSource(replaying: choices)
        return check(from: &source)
    }

    /// The smallest case (by its choices) that still shows the disagreement.
    private func shrink(_ found: LegacyCheckCase, keeping signature: String) -> LegacyCheckCase {
        let shrinker = ChoiceShrinker(timeLimit: shrinkTimeLimit, maxAttempts: shrinkAttempts)
        let outcome = shrinker.shrink(found.choices) { candidate in
            check(choices: candidate).disagreements.contains { $0.signature == signature }
        }
        return check(choices: outcome.choices)
    }

    private func check(from source: inout ChoiceSource) -> LegacyCheckCase {
        let valid = generator.generate(from: &source)
        guard let reference = generator.reference(from: &source) ?? LegacyMapperCheck.defaultReference else {
            // Every drawn reference is valid; this only keeps a broken draw from stopping the run.
            return LegacyCheckCase(
                choices: source.recorded, reference: nil, document: valid, faults: [], codableOutcome: "not run: no document reference",
                legacyOutcome: "not run: no document reference", disagreements: [])
        }
        let mutated = source.bool(probability: faultyShare) ? mutator.mutate(valid, from: &source) : MutatedDocument(document: valid)
        let snapshot = DocumentSnapshot(reference: reference, fields: mutated.document)
        let codable = Result { try snapshot.data(as: Model.self) }.mapError(MappingFailure.init(codingError:))
        let legacy = legacyRead(snapshot)
        var comparison = LegacyComparison<Model>(reference: reference, serverTime: LegacyMapperCheck.serverTime)
        comparison.compareReads(codable: codable, legacy: legacy)
        if case .success(let value) = codable {
            comparison.compareWrites(of: value, legacyRead: legacyRead, legacyEncode: legacyEncode)
        }
        return LegacyCheckCase(
            choices: source.recorded, reference: reference, document: mutated.document, faults: mutated.faults,
            codableOutcome: LegacyComparison<Model>.describe(codable), legacyOutcome: LegacyComparison<Model>.describe(legacy),
            disagreements: comparison.disagreements)
    }

    /// The legacy mapper's read, its nil and its errors as failures.
    private func legacyRead(_ snapshot: DocumentSnapshot) -> Result<Model, LegacyMapperFailure> {
        do {
            let legacySnapshot = LegacySnapshot(reference: snapshot.reference, fields: snapshot.fields)
            guard let value = try legacyDecode(legacySnapshot) else { return .failure(LegacyMapperFailure(description: "returned nil")) }
            return .success(value)
        } catch {
            return .failure(LegacyMapperFailure(description: "threw \(error)"))
        }
    }

    /// The reference of a document whose drawn reference is not a valid one.
    private static var defaultReference: DocumentReference? { try? DocumentReference(path: "crossfire/check") }
}

/// The legacy mapper giving up: what it did.
public struct LegacyMapperFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `returned nil`, or `threw …`.
    public var description: String
}
