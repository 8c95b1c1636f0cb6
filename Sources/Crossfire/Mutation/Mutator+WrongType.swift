import FirestoreModel
import Foundation

/// `wrongType` faults: a value replaced by one of another Firestore type, made from the
/// original where that is natural (`true` ↔ 1, 42 ↔ 42.0, a timestamp ↔ its
/// `{seconds, nanoseconds}` map, bytes ↔ their base64 string), so that lenient readers
/// are tempted.
extension Mutator {
    /// Pairs of kinds a reader is most likely to confuse; they are drawn three times as often.
    static let relatedKinds: [(FirestoreValue.Kind, FirestoreValue.Kind)] = [
        (.boolean, .integer), (.integer, .double), (.integer, .string), (.double, .string), (.timestamp, .map),
        (.geoPoint, .map), (.string, .bytes), (.string, .reference), (.string, .timestamp), (.array, .map), (.array, .vector),
    ]

    /// Whether two kinds are a related pair, in either order.
    static func areRelated(_ a: FirestoreValue.Kind, _ b: FirestoreValue.Kind) -> Bool {
        relatedKinds.contains { ($0.0 == a && $0.1 == b) || ($0.0 == b && $0.1 == a) }
    }

    func injectWrongType(into mutated: inout MutatedDocument, places: FaultPlaces, from source: inout ChoiceSource) -> Bool {
        guard let site = source.choose(weighted: places.values.map { (Mutator.siteWeight($0), $0) }) else { return false }
        let original = site.value.kind
        let kinds = FirestoreValue.Kind.allCases
        let target = kinds[source.weightedIndex(count: kinds.count) { position in
            let kind = kinds[position]
            if kind == original || kind == .null || (kind == .array && site.insideArray) { return 0 }
            return Mutator.areRelated(original, kind) ? 3 : 1
        }]
        guard target != original else { return false }
        let wrapsAllowed = site.path.count < profile.documentDepthLimit
        let replacement = self.replacement(for: site.value, as: target, wrapsAllowed: wrapsAllowed, from: &source)
        let detail = "\(Mutator.brief(site.value)) replaced by \(Mutator.brief(replacement))"
        apply(Fault(kind: .wrongType(replaced: original, with: target), path: site.path, detail: detail), value: replacement, to: &mutated)
        return true
    }

    /// A value of `kind` made from `original` where natural, else drawn. `wrapsAllowed`
    /// says whether the value may nest one level deeper than the original (a singleton
    /// array, a `{"value": …}` map).
    func replacement(for original: FirestoreValue, as kind: FirestoreValue.Kind, wrapsAllowed: Bool, from source: inout ChoiceSource) -> FirestoreValue {
        let edge = profile.edgeValueProbability
        switch (kind, original) {
        case (.boolean, .integer(let number)): return .boolean(number != 0)
        case (.boolean, .double(let number)): return .boolean(number != 0)
        case (.boolean, .string(let text)) where text == "true" || text == "false": return .boolean(text == "true")
        case (.boolean, _): return .boolean(source.bool(probability: 0.5))
        case (.integer, .boolean(let flag)): return .integer(flag ? 1 : 0)
        case (.integer, .double(let number)) where number.isFinite && abs(number) < 9e18: return .integer(Int64(number.rounded(.towardZero)))
        case (.integer, .string(let text)) where Int64(text) != nil: return .integer(Int64(text) ?? 0)
        case (.integer, .timestamp(let stamp)): return .integer(stamp.seconds)
        case (.integer, _): return .integer(source.storedInteger(.int64, edgeProbability: edge))
        case (.double, .integer(let number)): return .double(Double(number))
        case (.double, .boolean(let flag)): return .double(flag ? 1 : 0)
        case (.double, .string(let text)) where Double(text) != nil: return .double(Double(text) ?? 0)
        case (.double, .timestamp(let stamp)): return .double(Double(stamp.seconds) + Double(stamp.nanoseconds) / 1e9)
        case (.double, _): return .double(source.doubleValue(edgeProbability: edge, allowNonFinite: true))
        case (.timestamp, .integer(let number)) where number >= Timestamp.minimumSeconds && number < Timestamp.endSeconds:
            return .timestamp(Timestamp(seconds: number, nanoseconds: 0))
        case (.timestamp, .string(let text)) where (try? Timestamp(rfc3339: text)) != nil:
            return .timestamp((try? Timestamp(rfc3339: text)) ?? Timestamp(seconds: 0, nanoseconds: 0))
        case (.timestamp, _): return .timestamp(source.timestamp(edgeProbability: edge, microsecondAligned: true))
        case (.string, .integer(let number)): return .string(String(number))
        case (.string, .double(let number)): return .string(String(number))
        case (.string, .boolean(let flag)): return .string(flag ? "true" : "false")
        case (.string, .bytes(let data)): return .string(data.base64EncodedString())
        case (.string, .timestamp(let stamp)): return .string(stamp.rfc3339String() ?? String(stamp.seconds))
        case (.string, .reference(let reference)): return .string(reference.path)
        case (.string, _): return .string(source.stringValue(profile: profile))
        case (.bytes, .string(let text)): return .bytes(Data(text.utf8))
        case (.bytes, _): return .bytes(source.bytes(profile: profile))
        case (.reference, .string(let text)) where (try? DocumentReference(path: text)) != nil:
            return (try? DocumentReference(path: text)).map(FirestoreValue.reference) ?? .null
        case (.reference, _): return source.documentReference(profile: profile).map(FirestoreValue.reference) ?? .string("a/a")
        case (.geoPoint, .map(let map)):
            if case .double(let latitude)? = map["latitude"], case .double(let longitude)? = map["longitude"] {
                return .geoPoint(GeoPoint(latitude: latitude, longitude: longitude))
            }
            return .geoPoint(source.geoPoint(edgeProbability: edge))
        case (.geoPoint, _): return .geoPoint(source.geoPoint(edgeProbability: edge))
        case (.vector, .array(let elements)):
            return .vector(VectorValue(elements.compactMap { element -> Double? in
                if case .double(let number) = element { return number }
                if case .integer(let number) = element { return Double(number) }
                return nil
            }))
        case (.vector, _): return .vector(VectorValue(source.bool(probability: 0.5) ? [] : [1, 2.5, -0.0]))
        case (.map, .timestamp(let stamp)):
            return .map(["seconds": .integer(stamp.seconds), "nanoseconds": .integer(Int64(stamp.nanoseconds))])
        case (.map, .geoPoint(let point)):
            return .map(["latitude": .double(point.latitude), "longitude": .double(point.longitude)])
        case (.map, .array(let elements)):
            return .map(FirestoreMap(elements.enumerated().map { (String($0.offset), $0.element) }))
        case (.map, _):
            return wrapsAllowed ? .map(["value": original]) : .map(FirestoreMap())
        case (.array, .map), (.array, .array), (.array, .null): return .array([])
        case (.array, _): return wrapsAllowed ? .array([original]) : .array([])
        case (.null, _): return .null
        }
    }
}
