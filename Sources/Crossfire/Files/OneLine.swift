import FirestoreJSON

/// Keeps text that names user data (field names, file names) on one line of output.
package enum OneLine {
    /// The text with control characters, DEL and U+2028/U+2029 written as `\n`, `\r`, `\t`
    /// or `\uXXXX`: the escaping FirestoreJSON's error messages use (`FoundText.escaped`).
    package static func escaped(_ text: String) -> String {
        FoundText.escaped(text)
    }
}
