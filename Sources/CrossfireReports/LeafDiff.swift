/// Two renderings of a leaf side by side, with the part where they differ marked: the common
/// start and end of the two texts stay plain, the differing middle of each goes in `<mark>`.
enum LeafDiff {
    /// The two texts as HTML (escaped), each with its differing middle in `<mark>`. Equal
    /// texts are marked nowhere; a side whose whole text differs is marked whole.
    static func marked(_ left: String, _ right: String) -> (left: String, right: String) {
        let one = Array(left)
        let two = Array(right)
        var prefix = 0
        while prefix < one.count, prefix < two.count, one[prefix] == two[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < one.count - prefix, suffix < two.count - prefix, one[one.count - 1 - suffix] == two[two.count - 1 - suffix] {
            suffix += 1
        }
        return (html(one, prefix: prefix, suffix: suffix), html(two, prefix: prefix, suffix: suffix))
    }

    /// A text as HTML with the characters between `prefix` and the last `suffix` marked.
    private static func html(_ characters: [Character], prefix: Int, suffix: Int) -> String {
        let middleEnd = characters.count - suffix
        let start = HTMLText.escape(String(characters[..<prefix]))
        let end = HTMLText.escape(String(characters[middleEnd...]))
        guard prefix < middleEnd else { return start + end }
        return start + "<mark>" + HTMLText.escape(String(characters[prefix..<middleEnd])) + "</mark>" + end
    }
}
