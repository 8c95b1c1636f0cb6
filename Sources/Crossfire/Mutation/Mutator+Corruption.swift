import FirestoreModel
import ModelSchema

/// `corruptedData` faults: values of the right Firestore type that their Swift type
/// cannot hold — fractional or out-of-range integers per width, NaN/±Infinity and huge
/// numbers for `Float`, unknown enum cases, invalid URLs, base64 and hex colors, timestamps
/// and geo points out of range — and broken collections: keys of `[Int: V]` that are not
/// integers (or not canonical ones), duplicate set elements, dangling keys of enum-keyed
/// dictionaries.
extension Mutator {
    /// A place to corrupt.
    enum CorruptionTarget {
        case value(MutationSites.Value)
        case collection(MutationSites.Collection)
    }

    /// Whether a stored value of the type has a corrupt variant of the same Firestore kind.
    static func isCorruptible(_ type: FieldType, _ value: FirestoreValue) -> Bool {
        switch (type, value) {
        case (.integer, .integer), (.float, .double), (.float, .integer), (.url, .string), (.data, .bytes), (.hexColor, .string),
             (.date, .timestamp), (.timestamp, .timestamp), (.geoPoint, .geoPoint),
             (.enumeration, .string), (.enumeration, .integer), (.enumeration, .map):
            return true
        default:
            return false
        }
    }

    func injectCorruption(into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        guard let target = source.choose(weighted: places.corruptible.map { target in
            switch target {
            case .value(let site): return (Mutator.siteWeight(site), target)
            case .collection: return (Mutator.collectionWeight, target)
            }
        }) else { return false }
        switch target {
        case .value(let site):
            guard let (kind, value) = corruptValue(site, from: &source) else { return false }
            let detail = "\(Mutator.brief(site.value)) replaced by \(Mutator.brief(value)) for \(site.type)"
            apply(Fault(kind: kind, path: site.path, detail: detail), value: value, to: &mutated)
            return true
        case .collection(let collection):
            return corruptCollection(collection, into: &mutated, from: &source)
        }
    }

    /// The corrupt value for a site and what kind of fault it is.
    func corruptValue(_ site: MutationSites.Value, from source: inout ChoiceSource) -> (FaultKind, FirestoreValue)? {
        switch (site.type.unwrapped, site.value) {
        case (.integer(let integerType), .integer(let number)):
            if source.bool(probability: 0.5) {
                let fraction = number.magnitude < 1 << 52 ? Double(number) + 0.5 : 0.5
                return (.fractionalNumber(integerType), .double(fraction))
            }
            return (.integerOutOfRange(integerType), source.choose(from: Mutator.outOfRange(integerType)) ?? .integer(-1))
        case (.float, _):
            if source.bool(probability: 0.5) {
                return (.nonFiniteFloat, .double(source.choose(from: FaultEdges.nonFiniteFloats) ?? .nan))
            }
            return (.floatOutOfRange, .double(source.choose(from: FaultEdges.floatsOutOfRange) ?? 1e39))
        case (.url, _):
            return (.invalidURL, .string(source.choose(from: FaultEdges.invalidURLs) ?? ""))
        case (.data, _):
            return (.invalidBase64, .string(source.choose(from: FaultEdges.invalidBase64) ?? "AQI"))
        case (.hexColor, _):
            return (.invalidHexColor, .string(source.choose(from: FaultEdges.invalidHexColors) ?? "#12345"))
        case (.date, _), (.timestamp, _):
            let stamp = source.choose(from: FaultEdges.timestampsOutOfRange) ?? Timestamp(seconds: Int64.max, nanoseconds: 0)
            if source.bool(probability: 0.3) {
                return (.timestampOutOfRange, .map(["seconds": .integer(stamp.seconds), "nanoseconds": .integer(Int64(stamp.nanoseconds))]))
            }
            return (.timestampOutOfRange, .timestamp(stamp))
        case (.geoPoint, _):
            return (.invalidGeoPoint, .geoPoint(source.choose(from: FaultEdges.invalidGeoPoints) ?? GeoPoint(latitude: 91, longitude: 0)))
        case (.enumeration(let name), _):
            guard let enumSchema = index.enumSchema(named: name) else { return nil }
            return (.unknownEnumValue, unknownCase(of: enumSchema, from: &source))
        default:
            return nil
        }
    }

    /// Values outside an integer type's range: just past each end for narrow types, and
    /// doubles beyond ±2⁶³ (or −1) for the 64-bit ones.
    static func outOfRange(_ type: IntegerType) -> [FirestoreValue] {
        switch (type.bitWidth, type.isSigned) {
        case (64, true):
            return [.double(9_223_372_036_854_775_808.0), .double(-9_223_372_036_854_777_856.0), .double(1e19)]
        case (64, false):
            return [.integer(-1), .integer(Int64.min), .double(18_446_744_073_709_551_616.0)]
        default:
            return [.integer(Int64(type.maximum) + 1), .integer(type.minimum - 1)]
        }
    }

    /// A coded value that is no case of the enum: an unused raw value, or for enums without
    /// raw values an unknown case key, an empty map, or two case keys.
    func unknownCase(of enumSchema: EnumSchema, from source: inout ChoiceSource) -> FirestoreValue {
        let raws = enumSchema.cases.compactMap { enumSchema.rawValue(of: $0) }
        switch enumSchema.rawType {
        case .string:
            let used = raws.compactMap { raw -> String? in if case .string(let text) = raw { return text } else { return nil } }
            let unused = FaultEdges.unknownEnumStrings.filter { !used.contains($0) }
            return .string(source.choose(from: unused) ?? GeneratedNames.unique("unknownCase", among: used))
        case .int:
            let used = raws.compactMap { raw -> Int64? in if case .int(let number) = raw { return number } else { return nil } }
            let unused = FaultEdges.unknownEnumInts.filter { !used.contains($0) }
            return .integer(source.choose(from: unused) ?? SchemaBuilder.freshInt(among: used))
        case .none:
            let names = enumSchema.cases.map(\.name)
            switch source.weightedIndex(count: 3, weight: { _ in 1 }) {
            case 0: return .map([GeneratedNames.unique("unknownCase", among: names): .map(FirestoreMap())])
            case 1: return .map(FirestoreMap())
            default: return .map([(names.first ?? "a"): .map(FirestoreMap()), GeneratedNames.unique("other", among: names): .map(FirestoreMap())])
            }
        }
    }

    /// Corrupts a collection: a duplicate set element, a bad `[Int: V]` key, a dangling key.
    func corruptCollection(_ collection: MutationSites.Collection, into mutated: inout MutatedDocument, from source: inout ChoiceSource) -> Bool {
        let site = MutationSites.Value(path: collection.path, type: .bool, value: collection.value, insideArray: false, container: .structField)
        switch (collection.shape, collection.value) {
        case (.set, .array(let elements)):
            guard let original = source.choose(from: elements) else { return false }
            let duplicate = Mutator.swiftEqualVariant(of: original)
            return append(duplicate, to: site, kind: .duplicateSetElement, detail: "\(Mutator.brief(duplicate)) equals \(Mutator.brief(original)) as a Swift value", into: &mutated)
        case (.enumDictionary(let key, _), .array):
            let dangling = values.enumValue(key, from: &source)
            return append(dangling, to: site, kind: .danglingDictionaryKey, detail: "the key \(Mutator.brief(dangling)) without a value", into: &mutated)
        case (.intDictionary(let valueType), .map(let map)):
            let unparseable = source.bool(probability: 0.6)
            let candidates = (unparseable ? FaultEdges.invalidIntKeys : FaultEdges.nonCanonicalIntKeys).filter { !map.contains(key: $0) }
            guard let key = source.choose(from: candidates) else { return false }
            let path = collection.path.appending(key: key)
            guard Mutator.isFree(path, mutated) else { return false }
            let value = values.value(of: valueType, level: collection.path.count + 1, from: &source)
            let kind: FaultKind = unparseable ? .invalidDictionaryKey : .nonCanonicalDictionaryKey
            apply(Fault(kind: kind, path: path, detail: "the key \"\(key)\" in a map of Int keys"), value: value, to: &mutated)
            return true
        default:
            return false
        }
    }

    /// A value Swift reads as equal to `original` but stored differently where there is one
    /// (−0.0 for 0.0, a canonical twin of a string), else a copy.
    static func swiftEqualVariant(of original: FirestoreValue) -> FirestoreValue {
        switch original {
        case .double(let number) where number == 0: return .double(-number)
        case .string(let text): return TextEdges.canonicalTwin(of: text).map(FirestoreValue.string) ?? original
        default: return original
        }
    }
}
