import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import { SUBJECTS, SWAROOPS, languageText, lookupText, type SubjectOption, type SwaroopOption } from '@jsbn/shared/core';
import { INTEREST_LANGUAGES, type InterestFrequency, type InterestsDto } from '@jsbn/shared';
import { toastSuccess } from '../../../api/client';
import { useFollow, useInterests, useSaveInterests } from '../../../api/interests';
import { LoadingState, PageHeader, Section } from '../../../components/page';
import { useFeedLink } from '../../../components/feed-link';
import { feedPaths, feedSlug, paths } from '../../../lib/paths';
import { TAP_LINK, TAP_PX } from '../../../lib/theme';
import { currentLanguage, useLookups } from '../../../i18n';

/** What the form holds: the interests the library may change here. */
interface Choices {
  languages: string[];
  subject_ids: number[];
  swaroops: string[];
  frequency: InterestFrequency;
}

const choicesOf = (interests: InterestsDto): Choices => ({
  languages: interests.languages,
  subject_ids: interests.subject_ids,
  swaroops: interests.swaroops,
  frequency: interests.frequency,
});

/** A searchable list's typing box as tall as a finger's target (the field around it is taller still). */
const FINGER_FIELDS = { '& .MuiAutocomplete-input': { minHeight: TAP_PX, boxSizing: 'border-box' } } as const;

/** A toggled value of a list: added when absent, removed when present. */
const toggled = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/** The followed publishers and authors, each with the button that stops following it. */
function Follows({ interests }: { interests: InterestsDto }) {
  const { t } = useTranslation('interests');
  const unfollow = useFollow({ onSuccess: (reply) => toastSuccess(reply.message) });
  const groups = [
    {
      kind: 'publisher' as const,
      title: t('follows.publishers'),
      items: interests.publishers.map((item) => ({ id: item.id, name: item.publisher_name })),
    },
    {
      kind: 'author' as const,
      title: t('follows.authors'),
      items: interests.authors.map((item) => ({ id: item.id, name: item.author_name })),
    },
  ];
  return (
    <Stack spacing={2}>
      {groups.map((group) => (
        <Box key={group.kind} component="section" aria-label={group.title}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>{group.title}</Typography>
          {group.items.length ? (
            <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {group.items.map((item) => (
                <Stack
                  component="li"
                  key={item.id}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between', py: 0.5 }}
                  data-testid={`followed-${group.kind}-${item.id}`}
                >
                  <Typography sx={{ wordBreak: 'break-word' }}>{item.name}</Typography>
                  <Button
                    size="small"
                    startIcon={<NotificationsOffOutlinedIcon />}
                    aria-label={t('follows.stop', { name: item.name })}
                    disabled={unfollow.isPending}
                    onClick={() => unfollow.mutate({ kind: group.kind, id: item.id, follow: false })}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('follows.stopButton')}
                  </Button>
                </Stack>
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary">{t(group.kind === 'publisher' ? 'follows.noPublishers' : 'follows.noAuthors')}</Typography>
          )}
        </Box>
      ))}
      <Typography color="text.secondary">{t('follows.how')}</Typography>
    </Stack>
  );
}

/** The feeds a library may read in a feed reader: all new books, and those of what it chose or follows. */
function Feeds({ interests }: { interests: InterestsDto }) {
  const { t } = useTranslation('interests');
  const lookups = useLookups();
  const lang = currentLanguage();
  const feeds = [
    { key: 'new', label: t('feeds.new'), path: feedPaths.new },
    ...interests.languages.map((name) => ({
      key: `l-${name}`,
      label: t('feeds.language', { language: languageText(lookups, name) }),
      path: feedPaths.language(feedSlug(name)),
    })),
    ...interests.subject_ids.flatMap((id) => {
      const subject = SUBJECTS.find((item) => item.id === id);
      return subject
        ? [
            {
              key: `s-${id}`,
              label: t('feeds.subject', { subject: lookupText(lookups, 'subjects', subject.subject_name) }),
              path: feedPaths.subject(feedSlug(subject.subject_name)),
            },
          ]
        : [];
    }),
    ...interests.publishers.map((item) => ({
      key: `p-${item.id}`,
      label: t('feeds.publisher', { publisher: item.publisher_name }),
      path: feedPaths.publisher(item.publisher_no),
    })),
  ];
  return (
    <Stack spacing={0.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {feeds.map((feed) => (
        <li key={feed.key}>
          <Link href={feedPaths.inLanguage(feed.path, lang)} sx={{ ...TAP_LINK, gap: 1, display: 'inline-flex', alignItems: 'center' }}>
            <RssFeedIcon fontSize="small" aria-hidden />
            {feed.label}
          </Link>
        </li>
      ))}
    </Stack>
  );
}

/** The form: languages (checkboxes), subjects and swaroops (searchable lists), how often; saved at once. */
function InterestsForm({ interests }: { interests: InterestsDto }) {
  const { t } = useTranslation('interests');
  const lookups = useLookups();
  const [choices, setChoices] = useState<Choices>(() => choicesOf(interests));
  useEffect(() => setChoices(choicesOf(interests)), [interests]);
  const save = useSaveInterests({ onSuccess: (reply) => toastSuccess(reply.message) });
  const set = (change: Partial<Choices>) => setChoices((current) => ({ ...current, ...change }));
  const nothing = choices.languages.length + choices.subject_ids.length + choices.swaroops.length === 0;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choices);
      }}
    >
      <Section title={t('collect.title')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('collect.how')}
        </Typography>
        <FormControl component="fieldset" sx={{ mb: 2, width: '100%' }}>
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
            {t('collect.languages')}
          </FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' } }}>
            {INTEREST_LANGUAGES.map((name) => (
              <FormControlLabel
                key={name}
                control={
                  <Checkbox
                    checked={choices.languages.includes(name)}
                    onChange={() => set({ languages: toggled(choices.languages, name) })}
                  />
                }
                label={languageText(lookups, name)}
              />
            ))}
          </FormGroup>
        </FormControl>
        <Stack spacing={2} sx={FINGER_FIELDS}>
          <Autocomplete<SubjectOption, true>
            multiple
            options={[...SUBJECTS]}
            getOptionLabel={(option) => lookupText(lookups, 'subjects', option.subject_name)}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            value={SUBJECTS.filter((option) => choices.subject_ids.includes(option.id))}
            onChange={(_event, value) => set({ subject_ids: value.map((option) => option.id) })}
            renderInput={(params) => <TextField {...params} label={t('collect.subjects')} helperText={t('collect.anyIfEmpty')} />}
          />
          <Autocomplete<SwaroopOption, true>
            multiple
            options={[...SWAROOPS]}
            getOptionLabel={(option) => lookupText(lookups, 'swaroops', option.code)}
            isOptionEqualToValue={(option, value) => option.code === value.code}
            value={SWAROOPS.filter((option) => choices.swaroops.includes(option.code))}
            onChange={(_event, value) => set({ swaroops: value.map((option) => option.code) })}
            renderInput={(params) => <TextField {...params} label={t('collect.swaroops')} helperText={t('collect.anyIfEmpty')} />}
          />
        </Stack>
        {nothing ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('collect.nothing')}
          </Alert>
        ) : null}
      </Section>
      <Section title={t('often.title')}>
        <RadioGroup
          aria-label={t('often.title')}
          value={choices.frequency}
          onChange={(event) => set({ frequency: event.target.value === 'never' ? 'never' : 'weekly' })}
        >
          <FormControlLabel value="weekly" control={<Radio />} label={t('often.weekly')} />
          <FormControlLabel value="never" control={<Radio />} label={t('often.never')} />
        </RadioGroup>
      </Section>
      <Box sx={{ mb: 3 }}>
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {t('save')}
        </Button>
      </Box>
    </form>
  );
}

/** /interests — a library's interests, the publishers and authors it follows, and the feeds it may read (decision 073). */
export function InterestsPage() {
  const { t } = useTranslation('interests');
  const interests = useInterests();
  useFeedLink(feedPaths.new, t('feeds.new'));
  if (!interests.data) return <LoadingState />;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <InterestsForm interests={interests.data} />
      <Section title={t('follows.title')}>
        <Follows interests={interests.data} />
      </Section>
      <Section title={t('feeds.title')}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('feeds.how')}
        </Typography>
        <Feeds interests={interests.data} />
      </Section>
      <Link component={RouterLink} to={paths.newPublishedBooks} sx={TAP_LINK}>
        {t('recent')}
      </Link>
    </Box>
  );
}
