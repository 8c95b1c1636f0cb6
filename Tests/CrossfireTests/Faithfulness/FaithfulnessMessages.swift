import Foundation
import ModelSchema

/// Error messages with the names of types put out of the comparison: where synthesized code
/// names the real type (`Expected to decode Dictionary<String, Tag> …`), `DynamicModel` can
/// only name its stand-in (`… Dictionary<String, DynamicStruct> …`), because the coders print
/// `T.self` and no type named `Tag` exists at run time. Every name of a struct or enum of the
/// schema, `Color`, and every stand-in type name becomes `Ⓣ`, in both messages alike.
struct FaithfulnessMessages {
    private let names: Set<Substring>

    init(schema: ModelSchema) {
        names = Set((schema.structs.map(\.name) + schema.enums.map(\.name) + ["Color", "DynamicStruct", "DynamicEnum", "DynamicColor"]).map { Substring($0) })
    }

    /// The message with type names replaced.
    func normalized(_ message: String) -> String {
        var text = message
        for level in 0...3 {
            text = text.replacingOccurrences(of: "DynamicKeyEnum<KeyLevel\(level)>", with: "Ⓣ")
        }
        var result = ""
        var token = Substring()
        func flush() {
            result += names.contains(token) ? "Ⓣ" : token
            token = Substring()
        }
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if character.isLetter || character.isNumber || character == "_" {
                if token.isEmpty { start = index }
                token = text[start...index]
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
