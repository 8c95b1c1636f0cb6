import FirestoreEmulator
import FirestoreModel
import Testing

/// The emulator's messages read into Crossfire's rules and the field they name (no emulator
/// needed: the messages are the ones it gave).
@Suite struct EmulatorRefusalReasonTests {
    @Test func aNameThatBeginsWithACombiningMarkKeepsIt() throws {
        let name = "\u{308}=üü"
        let reason = EmulatorRefusalReason(message: "Property \(name) contains an invalid nested entity.")
        #expect(reason.rule == .nestingTooDeep)
        #expect(reason.named == .topLevelField(name))
        #expect(reason.matches(LimitViolation(.fieldPathTooLong, at: ValuePath([.key(name), .key("k")]), "")))
        #expect(!reason.matches(LimitViolation(.fieldPathTooLong, at: ValuePath([.key("=üü"), .key("k")]), "")))
        let reserved = EmulatorRefusalReason(message: "field name '\u{308}__x__' is reserved.")
        #expect(reserved.named == .fieldName("\u{308}__x__"))
    }

    @Test(arguments: [
        ("Cannot convert an array value in an array value.", [LimitViolation.Rule.nestedArray]),
        ("Geo point latitude '91.0' outside permitted range -90.0 to 90.0.", [.invalidGeoPoint]),
        ("The property.name is the empty string.", [.emptyFieldName]),
        ("The property.name is longer than 1500 bytes.", [.fieldNameTooLong]),
        ("field name __a__ is reserved", [.reservedFieldName]),
        ("Vector Value map has extraneous entries.", [.reservedFieldName]),
        ("Vector cannot contain NaN values.", []),
        ("Cannot convert a vector value in an array value.", []),
        ("Payload isn't valid for request.", []),
    ] as [(String, [LimitViolation.Rule])])
    func messagesAreReadIntoRules(_ message: String, _ rules: [LimitViolation.Rule]) {
        #expect(EmulatorRefusalReason(message: message).rules == rules)
    }
}
