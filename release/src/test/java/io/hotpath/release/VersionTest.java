package io.hotpath.release;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VersionTest
{
    @Test
    void parsesReleasesAndSnapshotsAsThePomsSpellThem()
    {
        assertThat(Version.parse("0.1.0")).isEqualTo(new Version(0, 1, 0, false));
        assertThat(Version.parse("0.2.0-SNAPSHOT")).isEqualTo(new Version(0, 2, 0, true));
        assertThat(Version.parse("0.2.0-SNAPSHOT").release()).hasToString("0.2.0");
        assertThat(Version.parse("12.30.4")).hasToString("12.30.4");
    }

    @Test
    void aVersionOfAnotherFormIsRefusedSayingTheFormExpected()
    {
        assertThatThrownBy(() -> Version.parse("0.1")).hasMessageContaining("'0.1' is not a version of the form " +
            "MAJOR.MINOR.PATCH, optionally with -SNAPSHOT");
        assertThatThrownBy(() -> Version.parse("0.1.0-RC1")).hasMessageContaining("'0.1.0-RC1'");
        assertThatThrownBy(() -> Version.parse("01.1.0")).hasMessageContaining("'01.1.0'");
    }

    @Test
    void aSnapshotComesAfterTheReleasesBeforeItAndCountsAsItsRelease()
    {
        assertThat(Version.parse("0.2.0-SNAPSHOT")).isGreaterThan(Version.parse("0.1.9"));
        assertThat(Version.parse("0.2.0-SNAPSHOT")).isEqualByComparingTo(Version.parse("0.2.0"));
        assertThat(Version.parse("0.10.0")).isGreaterThan(Version.parse("0.9.0"));
    }

    @Test
    void whileTheMajorIsZeroAMinorReleaseMayBreakTheApiAndAPatchMayNot()
    {
        final Version baseline = Version.parse("0.1.0");
        assertThat(Version.parse("0.2.0-SNAPSHOT").mayBreak(baseline)).isTrue();
        assertThat(Version.parse("0.1.1").mayBreak(baseline)).isFalse();
        assertThat(Version.parse("1.0.0").mayBreak(baseline)).isTrue();
    }

    @Test
    void fromOneOnOnlyAMajorReleaseMayBreakTheApi()
    {
        final Version baseline = Version.parse("1.2.0");
        assertThat(Version.parse("1.3.0").mayBreak(baseline)).isFalse();
        assertThat(Version.parse("1.2.1").mayBreak(baseline)).isFalse();
        assertThat(Version.parse("2.0.0-SNAPSHOT").mayBreak(baseline)).isTrue();
    }
}
