// The choose-your-study page (spec D3 §2.1, resolution 24): 'Create custom study', the four
// cards, and for super users 'Digital Rich Media' and 'Focus Project Setup'. Every choice is a
// real link (gaze-navigate on a plain click).
import styled from 'styled-components';
import { useGazeSelector } from '../../core/store/context';
import { selectSuperUser } from '../../core/session/selectors';
import { KIND_ROUTES, type StudyKind } from '../../core/api/study-create';
import { ButtonLink, Link, tokens } from '../../ui';

export const CARDS: { kind: StudyKind; title: string; text: string; superOnly?: boolean }[] = [
  { kind: 'social', title: 'Social Media', text: 'Test an ad in a social feed: Facebook, Instagram, Snapchat, Pinterest, TikTok or VK.' },
  { kind: 'web_page', title: 'Digital Ad Test', text: 'Test display ads in the web pages they will run on.' },
  { kind: 'video', title: 'YouTube', text: 'Test a video ad in context on YouTube.' },
  { kind: 'vast', title: 'Vast Ad Test', text: 'Test a video ad given as a VAST tag.' },
  { kind: 'rich_media', title: 'Digital Rich Media', text: 'Test a rich-media ad script on a test page.', superOnly: true },
  { kind: 'quick', title: 'Focus Project Setup', text: 'Send a panel through a list of pages.', superOnly: true },
];

export const pathOf = (kind: StudyKind) => `/create-study/${KIND_ROUTES[kind]}`;

const Wrap = styled.div`
  font-family: var(--gaze-font);
  color: var(--gaze-text);
  container-type: inline-size;
  header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: ${tokens.space3}; margin-bottom: ${tokens.space5}; }
  h1 { font-size: 1.5rem; margin: 0; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: ${tokens.space4}; }
  li a { display: block; height: 100%; box-sizing: border-box; padding: ${tokens.space5}; border: 1px solid var(--gaze-border); border-radius: ${tokens.radius};
    background: var(--gaze-surface, #fff); color: inherit; text-decoration: none; }
  li a:hover, li a:focus-visible { border-color: ${tokens.primary}; box-shadow: 0 0 0 2px ${tokens.primary}; outline: none; }
  li h2 { font-size: 1.1rem; margin: 0 0 ${tokens.space2}; color: ${tokens.primaryStrong}; }
  li p { margin: 0; }
`;

export function StudyChooser() {
  const superUser = useGazeSelector(selectSuperUser);
  const cards = CARDS.filter((c) => !c.superOnly || superUser);
  return (
    <Wrap part="study-chooser">
      <header>
        <h1>Choose your study</h1>
        <ButtonLink part="custom" href={pathOf('generic')}>Create custom study</ButtonLink>
      </header>
      <ul aria-label="Study kinds">
        {cards.map((c) => (
          <li key={c.kind}>
            <Link part="card" href={pathOf(c.kind)}>
              <h2>{c.title}</h2>
              <p>{c.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </Wrap>
  );
}
