import Crossfire
import Testing

/// Each class's title and fix are written from its cause: the shapes real bugs have get the
/// words that are true of them.
struct CauseWordsTests {
    private func words(_ departs: [String], _ rule: CauseKey.Rule) -> CauseWords {
        CauseWords(CauseKey(departs: departs, rule: rule))
    }

    @Test func aBooleanReadAsAnIntegerIsNSNumberBridgingNotASilentDefault() {
        let title = words(["hand"], .behaviour(direction: .read, type: "integer", held: "boolean", departing: "value", others: "typeMismatch")).title
        #expect(title.contains("NSNumber bridging") && title.contains("as? Int"))
        #expect(!title.contains("default"))
    }

    @Test func aNumberReadAsABoolIsNSNumberBridging() {
        let title = words(["planted"], .behaviour(direction: .read, type: "bool", held: "number", departing: "value", others: "typeMismatch")).title
        #expect(title.contains("as? Bool"))
    }

    @Test func aPropertyNameKeyIsToldAsSuchWithAFixThatNamesTheCodingKey() {
        let cause = words(["hand"], .key(role: .propertyName))
        #expect(cause.title == "hand keys a field by its Swift property name instead of its coding key")
        #expect(cause.fix.contains("CodingKeys"))
    }

    @Test func aConvertedKeyIsNeitherThePropertyNameNorAnotherField() {
        let cause = words(["hand"], .key(role: .otherKey))
        #expect(cause.title == "hand keys a field by a key that is not its coding key, its property name nor another field's key")
        #expect(cause.fix.contains("exactly as CodingKeys spells it") && !cause.fix.contains("property"))
    }

    @Test func twoValuesOfOneKindAreAnotherValueNotAValueWhereTheOthersGiveAValue() {
        let read = words(["planted"], .behaviour(direction: .read, type: "integer", held: "integer", departing: "value", others: "value")).title
        #expect(read == "planted reads a stored integer into an integer as another value than the others")
        let write = words(["planted"], .behaviour(direction: .write, type: "float", held: "double", departing: "double", others: "double")).title
        #expect(write == "planted writes a Float as another double than the others")
    }

    @Test func nilWhereTheDecoderThrowsIsASwallowedErrorWhateverTheType() {
        let cause = words(["planted"], .behaviour(direction: .read, type: "any", held: "present", departing: "nil", others: "typeMismatch"))
        #expect(cause.title == "planted gives nil for a value where Firestore.Decoder throws typeMismatch: the error is swallowed")
        #expect(cause.fix.contains("not `try?` or `as? T`"))
        #expect(!cause.title.contains("silent default") && !cause.fix.contains("make it optional"))
    }

    @Test func droppedElementsAreACompactMapNotAValueAtEachIndex() {
        let cause = words(["planted"], .behaviour(direction: .read, type: "any", held: "elements", departing: "dropped", others: "kept"))
        #expect(cause.title.contains("drops the elements") && cause.title.contains("compactMap"))
        #expect(cause.fix.contains("not `compactMap"))
    }

    @Test func anUnknownRawValueIsToldWithoutTheKindItWasStoredAs() {
        let title = words(["planted"], .behaviour(direction: .read, type: "rawEnum", held: "raw-value", departing: "value", others: "dataCorrupted")).title
        #expect(title.contains("a raw value of no case") && !title.contains("stored string") && !title.contains("stored integer"))
    }

    @Test func aVanishedRuleNamesTheRuleAndNoMapper() {
        let cause = words([], .vanished(entry: "int8-stored-as-boolean"))
        #expect(cause.title == "the SDK rule int8-stored-as-boolean did not fire where it must")
        #expect(cause.fix.contains("Docs/sdk-codable-rules.md"))
    }

    @Test func aLossEveryMapperSharesIsTheSharedPath() {
        let title = words([], .behaviour(direction: .storage, type: "date", held: "timestamp", departing: "value", others: "")).title
        #expect(title.hasPrefix("the shared write or read path"))
    }

    @Test func noWordsSayMakeItOptional() {
        for cause in CauseKeyTests.causes {
            #expect(!CauseWords(cause).fix.lowercased().contains("optional"))
        }
    }
}
