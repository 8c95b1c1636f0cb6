/// The words for `NSNumber` bridging, shared by the engine's causes (`CauseWords`) and
/// `LegacyMapperCheck`'s: on Apple platforms `data()` holds numbers and booleans as `NSNumber`,
/// and `as?` converts between them where `Firestore.Decoder` keeps them apart (sdk-codable-rules
/// §13.12) — or refuses a number the target type does not hold exactly, which the decoder reads
/// rounded (§6).
enum NSNumberBridging {
    /// `as? <swiftType>` reading a stored kind that `Firestore.Decoder` refuses for that type: a
    /// boolean read as a number, a number read as a `Bool`; nil for other pairs.
    static func acceptedKind(swiftType: String, held: String) -> String? {
        switch (swiftType, held) {
        case ("Bool", "integer"), ("Bool", "double"), ("Bool", "number"):
            return "NSNumber bridging (`as? Bool` accepts a stored number), which Firestore.Decoder refuses"
        case (_, "boolean") where swiftType != "Bool":
            return "NSNumber bridging (`as? \(swiftType)` accepts a stored boolean as 1 or 0), which Firestore.Decoder refuses"
        default:
            return nil
        }
    }

    /// `as? <swiftType>` refusing a stored number `swiftType` does not hold exactly (`as? Float`
    /// on 0.1, `as? Double` on 2⁵³ + 1), which `Firestore.Decoder` reads as the nearest value.
    static func refusedInexact(swiftType: String, held: String) -> String {
        "NSNumber bridging (`as? \(swiftType)` gives nil for a stored \(held) no \(swiftType) holds exactly), where Firestore.Decoder reads the nearest \(swiftType)"
    }
}
