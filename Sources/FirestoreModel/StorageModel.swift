/// What Firestore does with a document written to it as it is (a REST commit, after any SDK):
/// refuses it for every limit it breaks (`DocumentValidator`), or keeps it as storage keeps
/// values — a timestamp cut to whole microseconds (rounded down), −0.0 kept as 0.0 (in a
/// double, a geopoint's coordinates and a vector's elements); NaN and ±Infinity as they are.
///
/// The −0.0 rule is what the Cloud Firestore emulator does; production Firestore documents
/// neither way (`Docs/emulator-differences.md`).
public struct StorageModel: Sendable {
    /// The limits a document is checked against.
    public var validator: DocumentValidator

    /// The model with `validator`'s limits (Firestore's by default).
    public init(validator: DocumentValidator = DocumentValidator()) {
        self.validator = validator
    }

    /// Every limit a document breaks (none: it is stored); see `DocumentValidator.violations`.
    public func violations(in fields: FirestoreMap, documentPath: String? = nil) -> [LimitViolation] {
        validator.violations(in: fields, documentPath: documentPath)
    }

    /// The document storage keeps for `fields`, which it accepted (so at most `maxDepth`
    /// levels deep: the walk recurses).
    public func stored(_ fields: FirestoreMap) -> FirestoreMap {
        FirestoreMap(fields.map { ($0.key, stored($0.value)) })
    }

    /// The value storage keeps for `value`.
    public func stored(_ value: FirestoreValue) -> FirestoreValue {
        switch value {
        case .double(let number): return .double(StorageModel.unsigned(number))
        case .timestamp(let time): return .timestamp(time.truncatedToMicroseconds())
        case .geoPoint(let point):
            return .geoPoint(GeoPoint(latitude: StorageModel.unsigned(point.latitude), longitude: StorageModel.unsigned(point.longitude)))
        case .vector(let vector): return .vector(VectorValue(vector.array.map(StorageModel.unsigned)))
        case .array(let elements): return .array(elements.map(stored))
        case .map(let map): return .map(stored(map))
        case .null, .boolean, .integer, .string, .bytes, .reference: return value
        }
    }

    /// 0.0 for −0.0, every other double as it is.
    private static func unsigned(_ number: Double) -> Double {
        number == 0 ? 0 : number
    }
}
