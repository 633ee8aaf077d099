// The commit `adapt --version` names. A plain `swift build` of a clone leaves it "unknown":
// reading git at run time would name whatever checkout the user stands in, not the one that was
// built. Scripts/release builds from an export of HEAD and rewrites this file in the export only,
// so the commit named is exactly the source compiled, and the checkout is never modified.
let buildCommit = "unknown"
